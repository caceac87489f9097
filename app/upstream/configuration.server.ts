import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import { textColourOn } from "~/domain/appearance";
import type { CustomerConfig } from "~/domain/customer";
import { callUpstream } from "./client.server";
import { UpstreamError } from "./failures.server";

/**
 * GET /getConfiguration?cstm={cstm} (spec §7, no token). The response shape is documented in
 * docs/api.md; this schema is the app's side of that contract.
 */
const stringList = z.array(z.string()).default([]);

const passwordRequirementsSchema = z
  .object({
    minLength: z.number().int().nonnegative().default(8),
    minUppercase: z.number().int().nonnegative().default(0),
    minLowercase: z.number().int().nonnegative().default(0),
    minNumbers: z.number().int().nonnegative().default(0),
    noSpaces: z.boolean().default(true),
    noLineBreaks: z.boolean().default(true),
  })
  .optional();

const configurationSchema = z.object({
  status: z.string().optional(),
  config: z.object({
    cstm: z.string().min(1),
    name: z.string().default(""),
    language: z.array(z.string()),
    area: z.object({
      name: z.string(),
      root: z.string().default("login"),
      routes: z.array(z.string()),
      onSite: z.boolean().default(false),
    }),
    extensions: stringList,
    exclude: stringList,
    enableRegistration: z.boolean().default(false),
    enableAnonRegistration: z.boolean().default(false),
    enablePasswordSelfService: z.boolean().optional(),
    // prefault, not default: an absent style or appearance is parsed as {}, so the defaults inside apply (zod 4 would
    // return a default as it is; docs/decisions/208).
    style: z
      .object({
        appearance: z
          .object({
            logo: z.string().optional(),
            overlay: z.boolean().default(true),
            showProgress: z.boolean().default(true),
          })
          .prefault({}),
        primaryColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{3,8}$/)
          .optional(),
      })
      .prefault({}),
    texts: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
    videos: z.unknown().optional(),
    componentNameMap: z.record(z.string(), z.string()).default({}),
    passwordRequirements: passwordRequirementsSchema,
    contact: z
      .object({
        supportEmail: z.string().optional(),
        legalNoticeUrl: z.string().optional(),
      })
      .default({}),
  }),
});

const MAX_CACHED_CUSTOMERS = 500;

export type ConfigurationResult = { found: true; config: CustomerConfig } | { found: false };

async function fetchConfiguration(context: AppLoadContext, cstm: string): Promise<ConfigurationResult> {
  try {
    const { config } = await callUpstream(context, {
      path: "/getConfiguration",
      query: { cstm },
      auth: "none",
      schema: configurationSchema,
    });
    return {
      found: true,
      config: {
        cstm: config.cstm,
        name: config.name,
        languages: config.language,
        area: { name: config.area.name, root: config.area.root, pages: config.area.routes, onSite: config.area.onSite },
        extensions: config.extensions,
        exclude: config.exclude,
        enableRegistration: config.enableRegistration,
        enableAnonRegistration: config.enableAnonRegistration,
        // Decision 122: a setting of its own; without it R-VAL-09's rule (the registration flag) holds.
        passwordSelfService: config.enablePasswordSelfService ?? config.enableRegistration,
        appearance: {
          ...config.style.appearance,
          primaryColor: config.style.primaryColor,
          primaryTextColor: config.style.primaryColor ? textColourOn(config.style.primaryColor) : undefined,
        },
        texts: config.texts,
        videos: config.videos ?? [],
        componentNameMap: config.componentNameMap,
        passwordRequirements: config.passwordRequirements,
        supportEmail: config.contact.supportEmail,
        legalNoticeUrl: config.contact.legalNoticeUrl,
      },
    };
  } catch (error) {
    // An unknown customer is an answer, not a failure: the app shows its own catalogue page.
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) return { found: false };
    throw error;
  }
}

/**
 * The configuration of a customer, cached per process for CONFIG_CACHE_TTL_S (per customer, never
 * per user), so a page needs no extra sequential upstream call for it (DESIGN §7).
 */
export function getConfiguration(context: AppLoadContext, cstm: string): Promise<ConfigurationResult> {
  const { configCache, configCacheTtlS } = context.services;
  const now = Date.now();
  const cached = configCache.get(cstm);
  if (cached && cached.expiresAt > now) return cached.value as Promise<ConfigurationResult>;
  const value = fetchConfiguration(context, cstm);
  if (configCacheTtlS > 0) {
    // Bounded: unknown customer codes typed into the URL must not grow the cache without limit.
    if (configCache.size >= MAX_CACHED_CUSTOMERS) configCache.clear();
    configCache.set(cstm, { expiresAt: now + configCacheTtlS * 1000, value });
    // Failures are not cached: the next request asks again.
    value.catch(() => configCache.delete(cstm));
  }
  return value;
}

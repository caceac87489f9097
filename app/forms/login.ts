import { z } from "zod";
import { PROFILE_ID_PATTERN } from "~/domain/profile";

/** R-VAL-01: username and password required, privacy policy accepted. Messages are i18n keys. */
export const loginSchema = z.object({
  username: z
    .string({ required_error: "validation:login.usernameRequired" })
    .trim()
    .min(1, "validation:login.usernameRequired")
    .max(254, "validation:tooLong"),
  password: z
    .string({ required_error: "validation:login.passwordRequired" })
    .min(1, "validation:login.passwordRequired")
    .max(500, "validation:tooLong"),
  privacy: z.literal("on", {
    errorMap: () => ({ message: "validation:privacyRequired" }),
  }),
  // A hidden field: a tampered one is ignored (the default destination), never a silent refusal.
  redirectTo: z.string().max(500).optional().catch(undefined),
});

/**
 * On-site login links: `login?onSite=1&profileId=P100` (the parameter names; the value of onSite
 * is not interpreted). R-VAL-11: a link whose profileId is missing or malformed is invalid.
 */

export type OnSiteLink = { onSite: false } | { onSite: true; profileId: string } | { onSite: true; invalid: true };

export function readOnSiteLink(url: URL, areaIsOnSite: boolean): OnSiteLink {
  if (!url.searchParams.has("onSite") && !areaIsOnSite) return { onSite: false };
  const profileId = url.searchParams.get("profileId");
  if (!profileId || !PROFILE_ID_PATTERN.test(profileId)) return { onSite: true, invalid: true };
  return { onSite: true, profileId };
}

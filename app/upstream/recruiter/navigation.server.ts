import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";
import type { ListQuery } from "./list.server";
import { applicantPath } from "./paths";

/**
 * Finding the way back in the recruiter workspace (docs/api.md, Recruiter workspace: previous and next, saved
 * views; docs/decisions/188): an applicant's place in the list as filtered and sorted, and the recruiter's own
 * saved views of the list.
 */
const neighbourSchema = z
  .object({
    userName: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    position: z.number().int().positive(),
  })
  .nullable();

const neighboursSchema = z.object({
  position: z.number().int().positive().nullable(),
  total: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  previous: neighbourSchema,
  next: neighbourSchema,
});

export type Neighbours = z.infer<typeof neighboursSchema>;

export function applicantNeighbours(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  query: ListQuery,
): Promise<Neighbours> {
  return callUpstream(context, {
    method: "GET",
    path: `${applicantPath(cstm, userName)}/neighbours`,
    query,
    auth: "token",
    session,
    schema: neighboursSchema,
  });
}

const viewSchema = z.object({ id: z.number().int().positive(), name: z.string(), query: z.string(), createdAt: z.string() });

export type SavedView = z.infer<typeof viewSchema>;

// Built once, as every schema here (docs/decisions/208): zod 4 builds a schema far more slowly than it parses one.
const viewsSchema = z.object({ views: z.array(viewSchema) });
const savedViewSchema = z.object({ view: viewSchema });

const viewsPath = (cstm: string) => `/${encodeURIComponent(cstm)}/recruiter/views`;

export async function listViews(context: AppLoadContext, session: AppSession, cstm: string): Promise<SavedView[]> {
  const body = await callUpstream(context, {
    method: "GET",
    path: viewsPath(cstm),
    auth: "token",
    session,
    schema: viewsSchema,
  });
  return body.views;
}

export async function saveView(context: AppLoadContext, session: AppSession, cstm: string, view: { name: string; query: string }) {
  const body = await callUpstream(context, {
    method: "POST",
    path: viewsPath(cstm),
    auth: "token",
    session,
    body: view,
    schema: savedViewSchema,
  });
  return body.view;
}

export async function deleteView(context: AppLoadContext, session: AppSession, cstm: string, id: number): Promise<void> {
  await callUpstream(context, { method: "POST", path: `${viewsPath(cstm)}/${id}/delete`, auth: "token", session, body: {} });
}

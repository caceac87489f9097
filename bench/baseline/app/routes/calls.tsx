// The bare Remix page with home's upstream calls (decision 198): the page of routes/_index.tsx, but its loader
// makes the two calls home makes (spec §7: GET /dashboardHome/container/{profileId} and GET /userData, in parallel)
// against the reference API at BASELINE_UPSTREAM_URL, with the token from the request's cookie, and lists what they
// answer. Nothing else of the product: no session store, no checks of the answers, no translations, no layout. The
// form is a copy of _index.tsx's on purpose: a component shared by both would become a chunk of its own and change
// the bare page's scripts, which bench/page-weight measures.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { request } from "undici";

export const meta: MetaFunction = () => [{ title: "Baseline with calls" }];

interface UpstreamContainer {
  pcc_id: number;
  display_name: string;
  activeComponents: { comp_comp_id: number; display_name: string }[];
  finishedComponents: { comp_comp_id: number; display_name: string }[];
}

/** One GET with the bearer token, its JSON answer; a status of 400 or more is an error (spec §7). */
async function get<T>(path: string, token: string): Promise<T> {
  const { statusCode, body } = await request(`${process.env.BASELINE_UPSTREAM_URL}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
  if (statusCode >= 400) {
    await body.dump();
    throw new Response(`upstream answered ${statusCode}`, { status: 502 });
  }
  return (await body.json()) as T;
}

export async function loader({ request: page }: LoaderFunctionArgs) {
  const cookie = page.headers.get("Cookie") ?? "";
  const token = /(?:^|;\s*)token=([^;]+)/.exec(cookie)?.[1];
  const profileId = new URL(page.url).searchParams.get("profileId");
  if (!token || !profileId) throw new Response("token cookie and profileId wanted", { status: 400 });
  const [home, user] = await Promise.all([
    get<{ containers: UpstreamContainer[] }>(`/dashboardHome/container/${encodeURIComponent(profileId)}?language=de-DU`, token),
    get<{ userInfo?: { displayName?: string } }>(`/userData?profileId=${encodeURIComponent(profileId)}&language=de-DU`, token),
  ]);
  return {
    name: user.userInfo?.displayName ?? "",
    containers: home.containers.map((container) => ({
      id: container.pcc_id,
      name: container.display_name,
      modules: [...container.finishedComponents, ...container.activeComponents].map((module) => ({
        id: module.comp_comp_id,
        name: module.display_name,
      })),
    })),
  };
}

export default function Calls() {
  const { name, containers } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Baseline {name}</h1>
      <ul>
        {containers.map((container) => (
          <li key={container.id}>
            {container.name}
            <ul>
              {container.modules.map((module) => (
                <li key={module.id}>{module.name}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <Form method="get">
        <label>
          Name <input name="name" />
        </label>
        <button type="submit">Send</button>
      </Form>
    </main>
  );
}

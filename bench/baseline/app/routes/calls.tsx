// The bare Remix page with a page's upstream calls (decisions 198, 199, 200): the page of routes/_index.tsx, its
// loader's twelve items and its form, whose loader also makes the upstream calls of one of the product's pages against
// the reference API at BASELINE_UPSTREAM_URL, with the token from the request's cookie, and lists what they answer
// below the items. The bare page stays whole (decision 200): a page whose calls answer little, or only send a tracking
// call, must not be judged against something lighter than bare Remix itself. Which calls is the `X-Baseline-Plan`
// header (JSON, from bench/pages.mjs; not a query parameter, since Remix writes the URL into the document, and a
// longer document would make the baseline dearer than the page it stands for): `stages`, run one after the other, each
// a list of calls made side by side; `background`, calls sent without waiting for them, as the product sends its
// tracking calls (spec §8). Nothing else of the product: no session store, no checks of the answers, no translations,
// no layout. The list and the form are copies of _index.tsx's on purpose: a component or loader shared by both would
// become a chunk of its own and change the bare page's scripts, which bench/page-weight measures.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { request } from "undici";

export const meta: MetaFunction = () => [{ title: "Baseline with calls" }];

interface Call {
  method?: "GET" | "POST";
  path: string;
  body?: unknown;
  /** The body is one field of an earlier stage's answer, e.g. /initPicat's `sessionData` from /getSessionUrl. */
  bodyFromAnswer?: { path: string; field: string };
  /** false: sent without the token (spec §7's token-free calls, e.g. /initPicat). */
  auth?: false;
}

interface Plan {
  stages?: Call[][];
  background?: Call[];
}

/** One call with the bearer token and its JSON answer (null for 204); a status of 400 or more is an error (spec §7). */
async function call({ method = "GET", path, body, auth }: Call, token: string): Promise<unknown> {
  const { statusCode, body: answer } = await request(`${process.env.BASELINE_UPSTREAM_URL}${path}`, {
    method,
    headers: {
      ...(auth === false ? {} : { authorization: `Bearer ${token}` }),
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (statusCode >= 400) {
    await answer.dump();
    throw new Response(`upstream answered ${statusCode} to ${method} ${path}`, { status: 502 });
  }
  if (statusCode === 204) {
    await answer.dump();
    return null;
  }
  return answer.json();
}

/** The background calls' paths already reported as refused (each once). */
const refused = new Set<string>();

/** What the page lists of an answer: its fields, a value where it is one, the number of items where it is a list. */
function summary(answer: unknown): { field: string; value: string }[] {
  if (answer === null || typeof answer !== "object") return [{ field: "", value: String(answer) }];
  return Object.entries(answer).map(([field, value]) => ({
    field,
    value: Array.isArray(value) ? `${value.length} items` : value !== null && typeof value === "object" ? "{…}" : String(value),
  }));
}

export async function loader({ request: page }: LoaderFunctionArgs) {
  const cookie = page.headers.get("Cookie") ?? "";
  const token = /(?:^|;\s*)token=([^;]+)/.exec(cookie)?.[1];
  const planText = page.headers.get("X-Baseline-Plan");
  if (!token || !planText) throw new Response("token cookie and plan wanted", { status: 400 });
  const plan = JSON.parse(planText) as Plan;
  const answers: { path: string; fields: { field: string; value: string }[] }[] = [];
  const answered = new Map<string, unknown>();
  const withBody = (each: Call): Call => {
    if (!each.bodyFromAnswer) return each;
    const { path, field } = each.bodyFromAnswer;
    return { ...each, body: { [field]: (answered.get(path) as Record<string, unknown> | undefined)?.[field] } };
  };
  for (const stage of plan.stages ?? []) {
    const stageAnswers = await Promise.all(stage.map((each) => call(withBody(each), token)));
    stage.forEach((each, index) => {
      answered.set(each.path, stageAnswers[index]);
      answers.push({ path: each.path, fields: summary(stageAnswers[index]) });
    });
  }
  // Never awaited and never failing the page, like the product's tracking calls; a refusal is said once per path on
  // stderr (the benchmark's own), since a refused write costs the API less than the product's accepted one.
  for (const each of plan.background ?? []) {
    call(each, token).catch((error: unknown) => {
      if (refused.has(each.path)) return;
      refused.add(each.path);
      console.error(`baseline: background call ${each.path} failed:`, error instanceof Response ? error.status : error);
    });
  }
  // The bare page's own loader data (routes/_index.tsx), a copy for the reason above.
  const items = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, title: `Item ${index + 1}`, done: index % 3 === 0 }));
  return { items, answers };
}

export default function Calls() {
  const { items, answers } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Baseline with calls</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.title} {item.done ? "(done)" : ""}
          </li>
        ))}
      </ul>
      <ul>
        {answers.map((answer, index) => (
          <li key={index}>
            {answer.path}
            <ul>
              {answer.fields.map((field) => (
                <li key={field.field}>
                  {field.field} {field.value}
                </li>
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

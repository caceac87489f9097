import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { AppClient, type Answer } from "./app-client";
import { startFuzzServer } from "./app-server";
import { encoding, formEntries, transport, type Encoding, type Entries, type FieldSpec, type Transport } from "./arbitraries";
import { assertInputKept, assertNoServerError, FuzzFailure, isErrorPage } from "./checks";
import { fuzz, selected, type Tally } from "./fuzz";
import type { FuzzApp } from "./in-process";

/**
 * What the action fuzz files share (docs/decisions/102): a target is one form action with its
 * fields; each sends FUZZ_RUNS (1,000) generated bodies — hostile strings, unicode, control
 * characters, huge values, missing, duplicated and unknown fields, wrong intents, other encodings —
 * to the production build running in the file's own process: most runs call the route's action
 * directly, a sample goes through Remix's request handler as documents (no JavaScript) and
 * single-fetch data requests (JavaScript). Every answer: no 5xx, no stack trace; a form that comes
 * back with errors still holds what the user typed. The targets of one file run one after another
 * (they share one event loop); the files (actions-public, actions-signed-in, actions-recruiter)
 * run in parallel.
 */
export interface Run {
  /** Who sends it, for targets with several kinds of client (ActionTarget.who). */
  who?: string;
  path: string;
  entries: Entries;
  encoding: Encoding;
  transport: Transport;
}

export interface ActionTarget {
  name: string;
  /** Where the form posts; several when the same action serves variants (on-site, invalid links). */
  paths: fc.Arbitrary<string>;
  fields: FieldSpec[];
  /** Fields a re-rendered form must show again as typed (not the passwords, which are cleared). */
  kept?: string[];
  /** How to check the kept input when the form's answer is not conform's submission reply. */
  assertKept?: (answer: Answer, run: Run) => void;
  /** A signed-in client (made once per target), else every run comes without cookies. */
  client?: () => Promise<AppClient>;
  /** Several kinds of client: who sends a run, and the client for it (fresh cookies per run). */
  who?: { kinds: fc.Arbitrary<string>; client: (who: string) => AppClient };
  /** Only runs like this one are a user's submission whose input must come back (e.g. the right intent). */
  keptWhen?: (run: Run) => boolean;
  /** The page of this answer shows no form to keep input in (e.g. a password reset the area does not offer). */
  formless?: (answer: Answer, run: Run) => boolean;
  /** An error page instead of the form is right for this answer (e.g. an expired link). */
  errorPageAllowed?: (answer: Answer, run: Run) => boolean;
  /** Further checks of one answer (e.g. an applicant is refused). */
  check?: (answer: Answer, run: Run) => void;
  /** After a run: note what it did, restore state it used up (a consumed link, a changed password). */
  after?: (answer: Answer, run: Run, tally: Tally) => Promise<void>;
}

export const plain = (...values: string[]) => fc.constantFrom(...values);
export const sentValues = (entries: Entries) => entries.map(([, value]) => value);
export const STRONG_PASSWORDS = ["Fuzz-Pass-2027", "Zz9-abcdefgh", "Ünïcödé-2027x"];

export function classify(answer: Answer): string {
  if (answer.transport === "data" && answer.status === 202) return "redirect";
  if (answer.status >= 300 && answer.status < 400) return "redirect";
  return String(answer.status);
}

export async function runTarget(server: FuzzApp, target: ActionTarget): Promise<void> {
  const shared = target.client ? await target.client() : undefined;
  const run: fc.Arbitrary<Run> = fc.record({
    who: target.who?.kinds ?? fc.constant(undefined),
    path: target.paths,
    entries: formEntries(target.fields),
    encoding,
    transport,
  });
  await fuzz("actions", target.name, run, async (input, tally) => {
    const client = input.who !== undefined && target.who ? target.who.client(input.who) : (shared ?? new AppClient(server));
    let answer = await client.post(input.path, input.entries, { encoding: input.encoding, transport: input.transport });
    // A 503 is the upstream not answering (once, at load 20, a connection to the in-process API
    // failed): the same run once more, counted; a second 503 fails the run like any 5xx.
    if (answer.status === 503) {
      tally.add("503 retried");
      answer = await client.post(input.path, input.entries, { encoding: input.encoding, transport: input.transport });
    }
    tally.add(`${input.who ? `${input.who} ` : ""}${input.transport}:${classify(answer)}`);
    assertNoServerError(answer, sentValues(input.entries));
    const formEncoded = input.encoding === "urlencoded" || input.encoding === "multipart";
    // A body that is no form at all (only tools send one) gets the 400 error page (decision 102).
    const unreadable = !formEncoded && answer.status === 400;
    if (isErrorPage(answer) && !unreadable && !target.errorPageAllowed?.(answer, input)) {
      throw new FuzzFailure(`an error page instead of the form (the input is lost): ${answer.status} ${answer.text.slice(0, 400)}`);
    }
    target.check?.(answer, input);
    const formShown = answer.transport === "data" || !target.formless?.(answer, input);
    const usersSubmission = target.keptWhen?.(input) ?? true;
    if (
      (target.kept || target.assertKept) &&
      usersSubmission &&
      formEncoded &&
      formShown &&
      answer.status >= 400 &&
      answer.status < 500 &&
      !isErrorPage(answer)
    ) {
      if (target.assertKept) target.assertKept(answer, input);
      else assertInputKept(answer, input.entries, target.kept!, input.encoding);
    }
    await target.after?.(answer, input, tally);
  });
}

/**
 * One fuzz file's app (started once) and its targets, each a test of its own: `targets` is called
 * after `setUp`, so the targets may use what it prepared (clones, links, signed-in clients).
 */
export function actionSuite(
  title: string,
  setUp: (server: FuzzApp) => Promise<void>,
  targets: (server: FuzzApp) => ActionTarget[],
  names: string[],
): () => FuzzApp {
  let server: FuzzApp;
  beforeAll(async () => {
    server = await startFuzzServer();
    await setUp(server);
  }, 180_000);

  afterAll(async () => {
    // What the app logged as errors, for whoever reads a failure (the answers are asserted per run).
    const errors = (server?.errors() ?? []).filter((line) => !line.includes('"level":"warn"') || line.includes("failure"));
    if (errors.length)
      console.log(
        `app error lines (${errors.length}):\n${errors
          .slice(0, 20)
          .map((line) => line.slice(0, 1500))
          .join("\n")}`,
      );
    await server?.stop();
  });

  describe(title, () => {
    for (const name of names) {
      it.skipIf(!selected(name))(`decision 102 ${name}: no 5xx, no stack trace, input kept`, { timeout: 600_000 }, async () => {
        const target = targets(server).find((candidate) => candidate.name === name);
        if (!target) throw new Error(`no fuzz target ${name}`);
        await runTarget(server, target);
      });
    }
  });
  return () => server;
}

import { randomUUID } from "node:crypto";

/**
 * Reading a child server's log without racing its pipe (docs/decisions/100). The server writes a line
 * to stdout and answers the request; the test process may receive the answer before the line, so a
 * test never reads the captured output right after a response: it waits, with a deadline, for the
 * line it needs.
 */
export interface LogLine {
  level?: string;
  msg?: string;
  reqId?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  [key: string]: unknown;
}

/** The complete JSON lines of captured output (a line still arriving, or plain text, is skipped). */
export function logLines(output: string): LogLine[] {
  const end = output.lastIndexOf("\n");
  if (end === -1) return [];
  const lines: LogLine[] = [];
  for (const text of output.slice(0, end).split("\n")) {
    if (!text.startsWith("{")) continue;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      /* not one of the server's JSON lines */
    }
  }
  return lines;
}

export interface WaitOptions {
  timeoutMs?: number;
  /** Named in the failure message. */
  what?: string;
}

/** Polls the captured output until a line satisfies `predicate`; returns that line, or fails at the deadline. */
export async function waitForLog(logs: () => string, predicate: (line: LogLine) => boolean, options: WaitOptions = {}): Promise<LogLine> {
  const lines = await waitForLogs(logs, (all) => all.some(predicate), options);
  return lines.find(predicate)!;
}

/** Polls the captured output until `ready(lines)` holds; returns all complete lines at that moment. */
export async function waitForLogs(logs: () => string, ready: (lines: LogLine[]) => boolean, options: WaitOptions = {}): Promise<LogLine[]> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const lines = logLines(logs());
    if (ready(lines)) return lines;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${options.what ?? "a log line"}; the log so far:\n${logs().slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits for the app's own request line of `requestId` (pino-http writes it when the response has
 * finished, so whatever the request logged before is in the output too). Calls to the embedded
 * API carry the same request id; their lines (under /api) are not the one meant here.
 */
export function waitForRequestLog(logs: () => string, requestId: string, options: WaitOptions = {}): Promise<LogLine> {
  return waitForLog(logs, (line) => line.reqId === requestId && line.req !== undefined && !String(line.req.url ?? "").startsWith("/api/"), {
    what: `the request line of ${requestId}`,
    ...options,
  });
}

/**
 * A barrier: once it returns, every line the server wrote before it is in the captured output. It
 * asks for a small static file with its own request id and waits for that request's line, which
 * the server writes after everything it logged for the requests answered before.
 */
export async function logBarrier(baseUrl: string, logs: () => string, options: WaitOptions = {}): Promise<void> {
  const requestId = `log-barrier-${randomUUID()}`;
  const response = await fetch(`${baseUrl}/robots.txt`, { headers: { "X-Request-Id": requestId } });
  await response.arrayBuffer();
  await waitForRequestLog(logs, requestId, { what: "the log barrier", ...options });
}

/** Every line of one request (its upstream calls, the embedded API's lines for them, its request line), once complete. */
export async function requestLines(logs: () => string, requestId: string, options: WaitOptions = {}): Promise<LogLine[]> {
  await waitForRequestLog(logs, requestId, options);
  return logLines(logs()).filter((line) => line.reqId === requestId);
}

/** The upstream calls among log lines (the client logs each one with its path and status). */
export function upstreamCallsIn(lines: LogLine[], pathPrefix: string): Array<{ path: string; status?: number }> {
  return lines
    .filter((line) => line.msg === "upstream call")
    .map((line) => line.upstream as { path: string; status?: number })
    .filter((call) => call.path.startsWith(pathPrefix));
}

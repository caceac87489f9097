import type { RequestListener } from "node:http";
import { InProcessDispatcher } from "../../../server/in-process-upstream";

/**
 * One HTTP request handed to a Node request listener (an Express app) without a socket or a client
 * (docs/decisions/102): the product's own in-process dispatcher (decision 191), the way the app's
 * calls reach the embedded API, so the fuzzing exercises that path too. For the embedded API's body
 * fuzzing, where a client, a socket and the HTTP parser on both ends would cost more than the API's
 * own work.
 */
export interface Injected {
  status: number;
  headers: Map<string, string>;
  text: string;
}

const ORIGIN = "http://127.0.0.1:4567";
const dispatchers = new WeakMap<RequestListener, InProcessDispatcher>();

export async function inject(
  listener: RequestListener,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Injected> {
  let dispatcher = dispatchers.get(listener);
  if (!dispatcher) {
    dispatcher = new InProcessDispatcher();
    dispatcher.serve(listener);
    dispatchers.set(listener, dispatcher);
  }
  const answer = await dispatcher.request({
    origin: ORIGIN,
    method: request.method as "POST",
    path: request.path,
    headers: request.headers,
    body: request.body,
  });
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(", ") : value);
  }
  return { status: answer.statusCode, headers, text: await answer.body.text() };
}

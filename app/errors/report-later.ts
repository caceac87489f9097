import type { ClientErrorSource } from "./client-report";

/**
 * R-ENT-09: reports an error of this page to our server. The reporter (client-report.ts) loads with
 * the first report (decision 114). Without a connection neither it nor the report can travel: both
 * wait until the browser is online again (spec §8 "Chunk": the report of a lost connection arrives
 * when the connection is back, under the document's request id).
 */
export function reportLater(error: unknown, source: ClientErrorSource, reference?: string): void {
  const send = () =>
    void import("./client-report").then(
      (module) => module.reportClientError(error, source, reference),
      () => addEventListener("online", send, { once: true }),
    );
  if (navigator.onLine === false) addEventListener("online", send, { once: true });
  else send();
}

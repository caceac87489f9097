import { describe, expect, it } from "vitest";
import { measureShutdown } from "../../bench/lib/shutdown.mjs";

/**
 * Decision 099: SIGTERM under load, the way an orchestrator stops a container.
 * autocannon keeps 20 keep-alive connections busy on a real page of the built server; the signal
 * comes once answers flow. Every request sent before it gets its answer (no reset, no lost request,
 * no 5xx) and the process exits 0 within 5 s. The same measurement is `npm run bench:shutdown`.
 */
describe("decision 099: graceful shutdown under load", () => {
  // A generous deadline: on a loaded CI machine the server starts and serves slowly.
  it(
    "decision 099: SIGTERM during 20 connections of load: every request sent before it is answered, exit 0 within 5 s",
    { timeout: 180_000 },
    async () => {
      const result = await measureShutdown({ connections: 20, warmupMs: 0, minResponses: 40 });
      console.info(
        `[decision 099] shutdown under load: ${result.before.sent} requests before SIGTERM, ${result.before.completed} answered, exit ${result.exitCode} after ${result.exitMs} ms`,
      );
      expect(result.before.sent).toBeGreaterThanOrEqual(40);
      expect({
        reset: result.before.reset,
        lost: result.before.lost,
        non2xx: result.before.non2xx,
        unanswered: result.before.unanswered,
      }).toEqual({
        reset: 0,
        lost: 0,
        non2xx: 0,
        unanswered: 0,
      });
      expect(result.before.completed).toBe(result.before.sent);
      expect(result.exitCode).toBe(0);
      expect(result.exitMs).toBeLessThan(5000);
    },
  );
});

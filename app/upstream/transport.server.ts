import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleAll,
  IsolatedCircuitError,
  type CircuitBreakerPolicy,
} from "cockatiel";
import type { Logger } from "pino";
import { Agent, type Dispatcher } from "undici";

/**
 * How the upstream is reached (docs/decisions/098-upstream-budgets-and-circuit-breaker.md):
 * - time budgets per kind of call: a page's data calls must fail within seconds (connect ≤ 1 s,
 *   total ≤ 5 s), the calls that run scrypt upstream (sign-in, registration, passwords) get more,
 *   assessment assets and the PDF report keep their long budget;
 * - a circuit breaker: after a run of calls that got no answer at all (refused, reset, timed out)
 *   the upstream counts as down and every call fails at once with API02 instead of costing each
 *   applicant the whole budget; after a cooldown one trial call goes through (half-open) and its
 *   success closes the circuit again. Answers with an HTTP status, 5xx included, are answers: the
 *   upstream is up, and they are fast.
 * One transport per process: the breaker is about the upstream, shared by every request.
 */
export type CallBudget = "page" | "credential" | "asset";

export interface UpstreamBudgets {
  /** TCP (and TLS) connect. */
  connectMs: number;
  /** Whole call, for page loads and ordinary form posts. */
  pageMs: number;
  /** Sign-in, registration and password calls (scrypt upstream). */
  credentialMs: number;
  /** Assessment assets, engine sessions and the PDF report. */
  assetMs: number;
}

export interface BreakerSettings {
  /** Consecutive calls without an answer that open the circuit; 0 switches the breaker off. */
  failures: number;
  /** How long the circuit stays open before one trial call may go through. */
  cooldownMs: number;
}

export type CircuitStateName = "closed" | "open" | "half-open" | "off";

/** The breaker is open: the call was not even tried. */
export class UpstreamUnavailableError extends Error {
  constructor() {
    super("upstream circuit open: call not attempted");
    this.name = "UpstreamUnavailableError";
  }
}

/**
 * By name, not instanceof: the server bundle (server/services.ts creates the transport) and the Remix
 * bundle (the client that calls it) each carry their own copy of this class.
 */
export function isUpstreamUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === "UpstreamUnavailableError";
}

export interface UpstreamTransport {
  readonly budgets: UpstreamBudgets;
  timeoutFor(budget: CallBudget): number;
  /**
   * Runs `call` (a fetch through `dispatcher`, reading what it needs) under the breaker. Throws
   * UpstreamUnavailableError without calling when the circuit is open; any error `call` throws
   * counts as a call without an answer.
   */
  run<T>(call: (dispatcher: Dispatcher) => Promise<T>): Promise<T>;
  circuit(): CircuitStateName;
  close(): Promise<void>;
}

const STATE_NAMES: Record<CircuitState, CircuitStateName> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "half-open",
  [CircuitState.Isolated]: "open",
};

/**
 * How long an idle upstream connection is reused. A request written on a kept-alive connection just
 * before the server's own keep-alive time-out fires is lost ("other side closed", API02): under a
 * stalled event loop Node runs the server's time-out before it reads the waiting request. Found by
 * the fuzzing (docs/decisions/102) with the embedded API in the same process: its internal listener keeps
 * connections for INTERNAL_KEEP_ALIVE_MS (server/lifecycle.ts), far longer than this.
 */
export const UPSTREAM_KEEP_ALIVE_MS = 4_000;

export function createUpstreamTransport(options: {
  budgets: UpstreamBudgets;
  breaker: BreakerSettings;
  logger?: Logger;
  /**
   * Where the calls go instead of an undici Agent over the network: the embedded API's in-process
   * dispatcher (docs/decisions/191). Budgets and the breaker apply to it all the same.
   */
  dispatcher?: Dispatcher;
}): UpstreamTransport {
  const { budgets, logger } = options;
  // undici is what Node's fetch runs on; its Agent is the only place a connect time-out can be set.
  // An idle connection is given up after UPSTREAM_KEEP_ALIVE_MS whatever the server announces, well
  // before the server closes it (decision 102).
  const agent =
    options.dispatcher ??
    new Agent({
      connect: { timeout: budgets.connectMs },
      keepAliveTimeout: UPSTREAM_KEEP_ALIVE_MS,
      keepAliveMaxTimeout: UPSTREAM_KEEP_ALIVE_MS,
    });
  let breaker: CircuitBreakerPolicy | undefined;
  if (options.breaker.failures > 0) {
    breaker = circuitBreaker(handleAll, {
      halfOpenAfter: options.breaker.cooldownMs,
      breaker: new ConsecutiveBreaker(options.breaker.failures),
    });
    breaker.onBreak(() =>
      logger?.error(
        { upstream: { circuit: "open", failures: options.breaker.failures, cooldownMs: options.breaker.cooldownMs } },
        "upstream circuit opened: calls fail at once until a trial call succeeds",
      ),
    );
    breaker.onHalfOpen(() => logger?.info({ upstream: { circuit: "half-open" } }, "upstream circuit half-open: one trial call"));
    breaker.onReset(() => logger?.info({ upstream: { circuit: "closed" } }, "upstream circuit closed: the upstream answers again"));
  }

  return {
    budgets,
    timeoutFor(budget) {
      return budget === "asset" ? budgets.assetMs : budget === "credential" ? budgets.credentialMs : budgets.pageMs;
    },
    async run(call) {
      if (!breaker) return call(agent);
      // cockatiel lets callers wait for the half-open trial call (a whole budget when the upstream
      // hangs); a page must not: only the trial goes through, the others fail at once.
      if (breaker.state === CircuitState.HalfOpen) throw new UpstreamUnavailableError();
      try {
        return await breaker.execute(() => call(agent));
      } catch (error) {
        if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) throw new UpstreamUnavailableError();
        throw error;
      }
    },
    circuit() {
      return breaker ? STATE_NAMES[breaker.state] : "off";
    },
    close() {
      return agent.close();
    },
  };
}

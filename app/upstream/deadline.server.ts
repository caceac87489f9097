/**
 * The time budget of one call as a signal that is cleared once the call is done. AbortSignal.timeout()
 * makes a transferable signal and a timer that lives until garbage collection on every call, which
 * showed in the CPU profiles of signed-in pages; the reason is the same TimeoutError.
 */
export function callDeadline(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), ms);
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

import { SpanStatusCode, trace, type Span } from "@opentelemetry/api";

/**
 * The render of a document as a span of the page's trace (SENTRY_TRACES_SAMPLE_RATE, decision 177), beside the
 * request, loader and upstream spans the Sentry SDK makes itself. Through the OpenTelemetry API, on which the SDK
 * runs: without SENTRY_DSN, or with tracing off, no provider records and a span costs one object.
 */
const tracer = trace.getTracer("assessment-platform");

export function startRenderSpan(): Span {
  return tracer.startSpan("render document", { attributes: { "sentry.op": "ui.render" } });
}

export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
  span.end();
}

import {
  createReadableStreamFromReadable,
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type HandleDocumentRequestFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { registerServerTexts, TextRecorder, TextRecorderProvider } from "~/i18n/document-texts";
import { resources } from "~/i18n/resources.server";
import { withoutReactNullPadding } from "~/render/react-stream.server";
import { encodeDocument, oneCallCoding } from "~/render/encode-document.server";
import { reportServerError } from "~/errors/report.server";
import { deferredModulesReady } from "~/components/deferred";
import { getSession } from "~/session/request.server";
import { isRecruiterPath } from "~/recruiter/paths";
import { endSpan, startRenderSpan } from "~/render/trace.server";
import type { RootLoaderData } from "~/root";

const ABORT_DELAY = 5_000;

// The server renders every text from the bundled translations, never from loader data (docs/decisions/108).
registerServerTexts(resources);

export const streamTimeout = ABORT_DELAY;

/**
 * Document responses: streamed SSR with the request's CSP nonce; language and caching headers
 * decided once here for every page (Content-Language, Vary, no-store for signed-in pages).
 */
const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  const root = remixContext.staticHandlerContext.loaderData.root as RootLoaderData | undefined;
  if (root) responseHeaders.set("Content-Language", root.htmlLang);
  responseHeaders.append("Vary", "Cookie");
  // Authenticated pages must never come back from a cache, not even the back button after logout;
  // nor may any recruiter page, signed in or not (decision 140), nor the station's test-continue page,
  // whose address may hold a one-time code (decision 156).
  const pathname = new URL(request.url).pathname;
  const noStore = root?.authenticated || isRecruiterPath(pathname) || /^\/[^/]+\/continue$/.test(pathname);
  responseHeaders.set("Cache-Control", noStore ? "no-store" : "private, no-cache");

  const nonce = loadContext.cspNonce;
  const compressionLevel = loadContext.services.compressionLevel;
  const acceptEncoding = request.headers.get("Accept-Encoding");

  // The UI browsers load apart (errors, modals) renders here without suspending (decision 114).
  return deferredModulesReady().then(() => {
    const span = startRenderSpan();
    return render().then(
      (response) => {
        endSpan(span);
        return response;
      },
      (error: unknown) => {
        endSpan(span, error);
        throw error;
      },
    );
  });
  function render() {
    return new Promise<Response>((resolve, reject) => {
      let shellRendered = false;
      // Cleared when React has written the whole document: a pending timer per page kept its render
      // context alive for six seconds, old-space garbage under load (decision 161).
      const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1_000);
      const { pipe, abort } = renderToPipeableStream(
        <NonceProvider value={nonce}>
          <TextRecorderProvider value={new TextRecorder()}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </TextRecorderProvider>
        </NonceProvider>,
        {
          nonce,
          // Every document is sent when React has rendered all of it, for browsers as for bots: no loader
          // returns data that is still pending (nothing to stream), and the single-fetch data scripts
          // complete within a few microtasks and one setImmediate of React's. A finished document is
          // one buffer, compressed in one call (decision 164).
          onShellReady() {
            shellRendered = true;
          },
          onAllReady() {
            const body = withoutReactNullPadding();
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            body.once("finish", () => clearTimeout(abortTimer));
            const whole = body.whole();
            pipe(body);
            // Compressed here in one call, not through the middleware's zlib stream: a thread-pool round
            // trip per write and flush cost a document about three times the CPU of one call.
            void whole.then((document) => {
              if (!document) {
                resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
                return;
              }
              const coding = oneCallCoding(document.length, compressionLevel, acceptEncoding);
              const encoded = coding ? encodeDocument(document, coding, compressionLevel) : document;
              if (coding && coding !== "identity") responseHeaders.set("Content-Encoding", coding);
              if (compressionLevel > 0) responseHeaders.append("Vary", "Accept-Encoding");
              responseHeaders.set("Content-Length", String(encoded.length));
              resolve(new Response(new Uint8Array(encoded), { headers: responseHeaders, status: responseStatusCode }));
            }, reject);
          },
          onShellError(error: unknown) {
            clearTimeout(abortTimer);
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            // Errors during the shell are reported by onShellError/handleError; later ones only here.
            if (shellRendered) reportServerError(error, request, loadContext, { phase: "streaming render" });
          },
        },
      );
    });
  }
};

export default handleRequest;

/**
 * Remix hands every error it meets to this function. Loader and action errors arrive already as
 * catalogue payloads (withCatalogueErrors reported the faults among them) and never come here;
 * what does is rendering failures and Remix's own answers. Aborted requests (the browser went
 * away) are not errors; answers with status < 500 (no such route, method not allowed) are not
 * faults (R-CAT-05).
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportServerError(isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error, request, context);
}

/**
 * Single-fetch `.data` answers follow the documents' caching rule (decision 096): a signed-in session's
 * data is `no-store` (not even the back button after logout may show it); other data is
 * `private, no-cache` unless its loader chose otherwise. When the session cannot be read, no-store.
 */
export async function handleDataRequest(response: Response, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const authenticated = await getSession(request, context).then(
    (session) => Boolean(session.get("applicant") || session.get("recruiter")),
    () => true,
  );
  if (authenticated) response.headers.set("Cache-Control", "no-store");
  else if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
  response.headers.append("Vary", "Cookie");
  return response;
}

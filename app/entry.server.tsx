import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { logger } from "~/core/logger.server";
import { isAnonymous, isPublicPage } from "~/core/page-cache.server";
import { paintFirstStream } from "~/core/paint-first.server";
import { requestInfoContext } from "~/core/request-context";
import { noteDatabaseError } from "~/db/availability.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, cartItemCount } = loadContext.get(requestInfoContext);
  // Pages carry session-specific content: let browsers revalidate, never share.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A finished Suspense boundary stays in place in the HTML, however large: React would otherwise move
        // one over 12.8 KB to the end of the page, shown by a script, and a browser without JavaScript would
        // never show it (the in-page registration form of /fees?register=, see lazyInBrowser).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The page paints before its modules load (paint-first.server.ts); an anonymous visitor's public
          // page loads them at the visitor's first input (decision 0021).
          // (A page the cache renders for cart visitors is not anonymous: decision 0030.)
          const untilPerson =
            cartItemCount === undefined &&
            isPublicPage(new URL(request.url).pathname) &&
            isAnonymous(request.headers.get("Cookie") ?? undefined);
          const html = paintFirstStream({ untilPerson });
          pipeline(html, body, () => {});
          pipe(html);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/** Every unexpected server error is logged once, with the request id the error page shows. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A lost database connection turns this request's 500 into the outage's 503 (server/unavailable.ts).
  noteDatabaseError(error);
  const { requestId } = context.get(requestInfoContext);
  logger.error({ err: error, requestId, path: new URL(request.url).pathname }, "unhandled server error");
};

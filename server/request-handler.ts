import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { requestBody } from "./body-limit";

/**
 * Express glue for React Router, like @react-router/express's, with one
 * difference: the body React Router reads is the capped stream of
 * body-limit.ts, not the raw socket.
 */
export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
  /** PUBLIC_URL's origin: a request from it is addressed to it (see toWebRequest). */
  publicOrigin?: string;
  /**
   * A 500 made during a database outage is answered by `send` instead: `mark()` is taken as the request starts,
   * and `since(mark)` says whether the database went down or a connection failed since.
   */
  unavailable?: { mark(): number; since(mark: number): boolean; send(res: Response): void };
}) {
  const handle = createRouterHandler(options.build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const mark = options.unavailable?.mark() ?? 0;
      const response = await handle(toWebRequest(req, res, options.publicOrigin), options.getLoadContext(req, res));
      if (response.status >= 500 && options.unavailable?.since(mark) && !res.headersSent) {
        await response.body?.cancel().catch(() => {});
        options.unavailable.send(res);
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

export function toWebRequest(req: Request, res: Response, publicOrigin?: string): globalThis.Request {
  // A page of the site itself (same-site.ts let it through) is addressed to the public origin: behind a
  // TLS-terminating proxy the socket says http://, and React Router's own origin check would then
  // refuse the site's own forms with an error-level log.
  const origin = publicOrigin && req.get("origin") === publicOrigin ? publicOrigin : requestOrigin(req);
  const url = new URL(`${origin}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(requestBody(req, res) as Readable);
    init.duplex = "half";
  }
  return new globalThis.Request(url.href, init);
}

/**
 * The origin the request was sent to, as Express resolves it (X-Forwarded-Proto and -Host only from a
 * trusted proxy); a Host header that is not a host falls back to localhost rather than a 500.
 */
export function requestOrigin(req: Request): string {
  const host = (req.host ?? "").split(/[\\/?#@\s]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return `${req.protocol}://localhost`;
  }
}

/**
 * Headers a response may carry more than once (each cookie is its own line; Vary lists add up). Any other header the
 * page sets replaces the one the middleware set before it (helmet's Referrer-Policy and nosniff), so it is sent once
 * and the page's own value (a receipt's no-referrer) is the one browsers read.
 */
const ADDED_HEADERS = new Set(["set-cookie", "vary"]);

/** Writes a Web Response onto Express's response (exported for its test). */
export async function sendResponse(res: Response, response: globalThis.Response) {
  // The body limit (or a hung-up client) may have answered already.
  if (res.headersSent || res.destroyed || res.writableEnded) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (ADDED_HEADERS.has(name)) res.append(name, value);
    else res.setHeader(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

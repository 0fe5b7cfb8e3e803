import { Transform } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { BodyTooLargeError } from "~/core/form.server";

/**
 * Request bodies are capped as they stream, before React Router sees them:
 * a body over its path's limit is answered 413 at once and never held in
 * memory, whether it announced its length or arrived chunked.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

export type BodyLimits = {
  /** Every form of the site (sign-in, contact, users, cart, checkout, ...). */
  defaultBytes: number;
  /** Longer limits for a path and everything under it; the first match wins. */
  byPath: readonly { prefix: string; maxBytes: number }[];
};

export const bodyLimits: BodyLimits = {
  defaultBytes: 256 * KiB,
  byPath: [
    // Product images of up to 5 MB, with the form's other fields and multipart framing.
    { prefix: "/admin/products", maxBytes: 6 * MiB },
    // Stripe's events are small; its documentation allows for payloads well under this.
    { prefix: "/webhooks/stripe", maxBytes: 1 * MiB },
  ],
};

export function bodyLimitFor(path: string, limits: BodyLimits = bodyLimits): number {
  for (const { prefix, maxBytes } of limits.byPath) {
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`)) return maxBytes;
  }
  return limits.defaultBytes;
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Where the request handler reads a capped body from (set by `bodyLimit`). */
export function requestBody(req: Request, res: Response): NodeJS.ReadableStream {
  return (res.locals.body as NodeJS.ReadableStream | undefined) ?? req;
}

export function bodyLimit(limits: BodyLimits = bodyLimits): RequestHandler {
  return (req, res, next) => {
    if (BODYLESS.has(req.method)) return next();
    const limit = bodyLimitFor(req.path, limits);
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) return refuse(req, res);

    let total = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        total += chunk.byteLength;
        if (total > limit) {
          callback(new BodyTooLargeError(limit));
          req.unpipe(counted);
          refuse(req, res);
          return;
        }
        callback(null, chunk);
      },
    });
    req.on("error", (error) => counted.destroy(error));
    req.pipe(counted);
    res.locals.body = counted;
    next();
  };
}

/** 413, then the connection is closed so the rest of the upload is not read. */
function refuse(req: Request, res: Response) {
  if (res.headersSent) return;
  res.status(413).set({ Connection: "close", "Cache-Control": "no-store" }).type("text/plain").send("Content Too Large");
  res.once("finish", () => {
    // Give the client a moment to read the answer before the socket goes.
    setTimeout(() => req.socket.destroy(), 250).unref();
  });
}

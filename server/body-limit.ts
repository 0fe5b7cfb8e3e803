import { Transform } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { BodyTooLargeError, FORM_MAX_BYTES } from "~/core/form.server";
import { escapeHtml } from "~/core/html";
import { MAX_IMAGE_FORM_BYTES } from "~/core/upload-limits";

/**
 * Request bodies are capped as they stream, before React Router sees them:
 * a body over its path's limit is answered 413 at once and never held in
 * memory, whether it announced its length or arrived chunked.
 */

const MiB = 1024 * 1024;

/** What a person is told, on a page, when a form of theirs is over its path's limit. */
export type TooLargeNotice = { title: string; description?: string };

export type BodyLimits = {
  /** Every form of the site (sign-in, contact, users, cart, checkout, ...). */
  defaultBytes: number;
  /** Longer limits for a path and everything under it; the first match wins. */
  byPath: readonly { prefix: string; maxBytes: number; tooLarge?: TooLargeNotice }[];
};

export const bodyLimits: BodyLimits = {
  defaultBytes: FORM_MAX_BYTES,
  byPath: [
    // Product images of up to 5 MB, with the form's other fields and multipart framing. A bigger
    // photo (a phone's are often 8-12 MB) gets the catalogue's "File too large" (docs/product.md) on a page, not a bare 413
    // (server/app.ts adds that page with withTooLargePage).
    { prefix: "/admin/products", maxBytes: MAX_IMAGE_FORM_BYTES },
    { prefix: "/admin/campaigns", maxBytes: MAX_IMAGE_FORM_BYTES },
    // Coach photos and school logos (app/features/site-editor); the editor's own text forms stay at 256 KB.
    { prefix: "/admin/site", maxBytes: MAX_IMAGE_FORM_BYTES },
    // Stripe's events are small; its documentation allows for payloads well under this.
    { prefix: "/webhooks/stripe", maxBytes: 1 * MiB },
  ],
};

/** `limits` with the page a browser is shown when a form under `prefix` is too large (its text comes from the feature). */
export function withTooLargePage(limits: BodyLimits, prefix: string, tooLarge: TooLargeNotice): BodyLimits {
  return { ...limits, byPath: limits.byPath.map((rule) => (rule.prefix === prefix ? { ...rule, tooLarge } : rule)) };
}

const within = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`);

function limitFor(path: string, limits: BodyLimits): { maxBytes: number; prefix?: string; tooLarge?: TooLargeNotice } {
  return limits.byPath.find(({ prefix }) => within(path, prefix)) ?? { maxBytes: limits.defaultBytes };
}

export function bodyLimitFor(path: string, limits: BodyLimits = bodyLimits): number {
  return limitFor(path, limits).maxBytes;
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Where the request handler reads a capped body from (set by `bodyLimit`). */
export function requestBody(req: Request, res: Response): NodeJS.ReadableStream {
  return (res.locals.body as NodeJS.ReadableStream | undefined) ?? req;
}

export function bodyLimit(limits: BodyLimits = bodyLimits): RequestHandler {
  return (req, res, next) => {
    if (BODYLESS.has(req.method)) return next();
    const rule = limitFor(req.path, limits);
    const limit = rule.maxBytes;
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) return refuse(req, res, rule);

    let total = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        total += chunk.byteLength;
        if (total > limit) {
          callback(new BodyTooLargeError(limit));
          req.unpipe(counted);
          refuse(req, res, rule);
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

/**
 * 413, then the connection is closed so the rest of the upload is not read. A browser's form
 * post to a path with its own notice gets a small page saying what happened and leading back to
 * the form it came from (the Referer, when it is a page of that path on this site); anything
 * else gets the plain text.
 */
function refuse(req: Request, res: Response, rule: ReturnType<typeof limitFor>) {
  if (res.headersSent) return;
  res.status(413).set({ Connection: "close", "Cache-Control": "no-store" });
  if (rule.tooLarge && rule.prefix && req.accepts(["text/plain", "text/html"]) === "text/html") {
    res.type("html").send(tooLargePage(rule.tooLarge, backTo(req, rule.prefix)));
  } else {
    res.type("text/plain").send("Content Too Large");
  }
  res.once("finish", () => {
    // Give the client a moment to read the answer before the socket goes.
    setTimeout(() => req.socket.destroy(), 250).unref();
  });
}

/** The form's own page when the Referer is one of `prefix`'s pages on this host, else `prefix`. */
function backTo(req: Request, prefix: string): string {
  try {
    const referer = new URL(req.get("referer") ?? "");
    if (referer.host === req.get("host") && within(referer.pathname, prefix))
      return `${referer.pathname}${referer.search}`;
  } catch {
    // No Referer, or not a URL.
  }
  return prefix;
}

function tooLargePage(notice: TooLargeNotice, back: string): string {
  const title = escapeHtml(notice.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{margin:0;padding:3rem 1rem;font:16px/1.5 system-ui,sans-serif;color:#0f1d3a;background:#faf8f3}
main{max-width:32rem;margin:0 auto;padding:1.5rem;border:1px solid #e4dfd3;border-radius:.75rem;background:#fff}
h1{margin:0 0 .5rem;font-size:1.5rem}a{color:#1d3b6f;font-weight:600}
</style>
</head>
<body>
<main role="alert">
<h1>${title}</h1>
${notice.description ? `<p>${escapeHtml(notice.description)}</p>\n` : ""}<p>Nothing was saved. Your browser's Back button returns to the form as you filled it in: choose a smaller image (or none) there and save again.</p>
<p><a href="${escapeHtml(back)}">Back to the form</a></p>
</main>
</body>
</html>
`;
}

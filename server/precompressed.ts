import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";

const brotli = promisify(zlib.brotliCompress);
const ASSET = /^\/[\w.-]+\.(?:js|css)$/;

/**
 * The `.br` copies the build wrote beside its scripts and styles
 * (scripts/brotli-assets.ts), keyed by request path: read once at start, so
 * the first visitor after a deploy gets Brotli too (decision 0031).
 */
function builtCopies(assetsDir: string): Map<string, Buffer> {
  const copies = new Map<string, Buffer>();
  let names: string[];
  try {
    names = readdirSync(assetsDir);
  } catch {
    return copies;
  }
  for (const name of names) {
    const original = name.slice(0, -".br".length);
    if (name.endsWith(".br") && ASSET.test(`/${original}`))
      copies.set(`/${original}`, readFileSync(path.join(assetsDir, name)));
  }
  return copies;
}

/**
 * Hashed build scripts and styles, Brotli-compressed at the highest quality
 * (about 15% smaller on the wire than the compression middleware's per-request
 * quality 4, and no compression work per request). The build writes the
 * copies; a file without one (a build made before decision 0031) is compressed once
 * in the background, and until then, and for clients without `br`, the
 * request goes on to express.static and the compression middleware.
 */
export function precompressedAssets(assetsDir: string) {
  const ready = builtCopies(assetsDir);
  const pending = new Set<string>();

  function prepare(name: string) {
    pending.add(name);
    readFile(path.join(assetsDir, name))
      .then((content) => brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }))
      // Only files that exist are kept: unknown names leave nothing behind.
      .then((compressed) => void ready.set(name, compressed))
      .catch(() => {})
      .finally(() => pending.delete(name));
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !ASSET.test(req.path)) return next();
    res.vary("Accept-Encoding");
    const accepts = req.headers["accept-encoding"] ?? "";
    if (!/\bbr\b/.test(accepts)) return next();
    const compressed = ready.get(req.path);
    if (!compressed) {
      if (!pending.has(req.path)) prepare(req.path);
      return next();
    }
    res.setHeader(
      "Content-Type",
      req.path.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8",
    );
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Content-Length", compressed.length);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.end(req.method === "HEAD" ? undefined : compressed);
  };
}

/**
 * /assets: hashed build files, which never change, cached for a year without
 * validators, with only the headers a script or style needs. The page's own
 * security headers (a Content-Security-Policy with its nonce, frame and
 * permission rules) mean nothing on a script and cost a phone about 1 KB a file.
 */
export function buildAssets(assetsDir: string) {
  return [
    (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      next();
    },
    precompressedAssets(assetsDir),
    compression(),
    express.static(assetsDir, { immutable: true, maxAge: "1y", etag: false, lastModified: false, acceptRanges: false }),
    // An old page asking for a file of an earlier build: a plain 404, not a page.
    (_req: Request, res: Response) => void res.status(404).type("text/plain").send("Not found"),
  ];
}

import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";

/**
 * The page cache as server/app.ts mounts it, on a free port: before it, a fresh request id and nonce per response
 * (set as app.ts does; `withCsp` also sends the nonce in a Content-Security-Policy header); behind it, a stand-in
 * for React Router that says who answered.
 */
export async function servePageCache(
  cache: RequestHandler,
  options: { withCsp?: boolean } = {},
): Promise<{ server: Server; base: string }> {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = randomUUID();
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", res.locals.requestId);
    if (options.withCsp) res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use(cache);
  app.use((req, res) => {
    res.setHeader("Cache-Control", "private, no-cache");
    res.type("html").send(`<p>rendered for this visitor: ${req.path}</p>`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

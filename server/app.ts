import { randomUUID } from "node:crypto";

import path from "node:path";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createRouterHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { clientSubject } from "~/core/client-address";
import { env } from "~/core/env.server";

import { logger, requestLogFields } from "~/core/logger.server";
import { NONCE_PLACEHOLDER, REQUEST_ID_PLACEHOLDER } from "~/core/page-cache.server";
import { requestInfoContext, type RequestInfo } from "~/core/request-context";
import { helmetOptions, newNonce, permissionsPolicy } from "~/core/security.server";
import { connectionFailureMark, failedSince, isDatabaseDown } from "~/db/availability.server";

import { CAMPAIGNS_CHANNEL } from "~/features/campaigns/campaigns.server";

import { PRODUCTS_CHANNEL } from "~/features/products/feed/feed.server";
import { productNotices } from "~/features/products/manage/notices";
import { getDatabaseHandle } from "~/db/database.server";
import { bodyLimit, bodyLimits, withTooLargePage } from "./body-limit";
import { metricsMiddleware, metricsRoute, registerMetrics, routeLabeller } from "./metrics";
import { readCartItemCount } from "~/features/shop/cart/cart-count.server";
import { fillFeesPage, readFeesCart } from "~/features/shop/personal/personal-fees.server";
import { publicPageCache, syncPageCacheAcrossInstances } from "./page-cache";
import { buildAssets } from "./precompressed";
import { mayBePublicFile } from "./public-files";
import { createRequestHandler } from "./request-handler";
import { sameSiteOnly } from "./same-site";
import { failFastWhileDatabaseDown, sendUnavailable } from "./unavailable";

import { whileInFlight } from "./shutdown";

const REQUEST_ID = /^[\w-]{1,64}$/;
/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

export type AppOptions = {
  clientDir: string;
  devServer?: ViteDevServer;
  /** The production server build, imported once by start(); in development it is reloaded per request instead. */
  serverBuild?: ServerBuild;
};

/** The Express app: headers, logging, health checks, static files, then React Router. */
export function createApp(options: AppOptions) {
  const { devServer } = options;
  const config = env();
  // In production React Router gets the build itself, not a function that returns it: given a function, it
  // derives the route table and its static handler again on every request (a tenth of a signed-in page's time).
  const { serverBuild } = options;
  const build = devServer
    ? () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : serverBuild;
  if (!build) throw new Error("createApp: a production app needs the server build");

  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses, never `true` (see parseTrustProxy in env.server.ts).
  if (config.TRUST_PROXY !== false) app.set("trust proxy", config.TRUST_PROXY);

  // Hashed build assets first, with only the headers a script or style needs: the page's
  // security headers (a Content-Security-Policy with its nonce, frame and permission rules)
  // mean nothing on a script and cost a phone about 1 KB per file (decision 0013).
  if (!devServer) app.use("/assets", ...buildAssets(path.join(options.clientDir, "assets")));

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    res.locals.requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.nonce = newNonce();
    res.setHeader("X-Request-Id", res.locals.requestId);
    res.setHeader("Permissions-Policy", permissionsPolicy);
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  if (config.METRICS_TOKEN) {
    registerMetrics(async () => (await getDatabaseHandle()).db);
    app.use(metricsMiddleware(routeLabeller(typeof build === "function" ? build : async () => build)));
  }
  app.use(helmet(helmetOptions(Boolean(devServer))));
  // Before the request log: a refused cross-site post is logged once, by the check itself.
  app.use(sameSiteOnly({ publicOrigin: new URL(config.PUBLIC_URL).origin }));
  // Server-Sent Events must reach the browser as they are written: never buffer them in gzip.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => (res as express.Response).locals.requestId,
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        // No query string and no donor's link token (app/core/logger.server.ts).
        req: requestLogFields,
        res: (res) => ({ status: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    }),
  );

  // Prometheus metrics, off unless METRICS_TOKEN is set (server/metrics.ts, decision 0029).
  app.get("/metrics", metricsRoute(config.METRICS_TOKEN));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      const handle = await getDatabaseHandle();
      await handle.db.execute(sql`select 1`);
      res.set("Cache-Control", "no-store").json({ status: "ready" });
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  if (devServer) {
    app.use(devServer.middlewares);
  } else {
    const publicFiles = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (mayBePublicFile(req.path) ? publicFiles(req, res, next) : next()));
  }

  const routerContext = (info: RequestInfo) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, info);
    return context;
  };

  // Anonymous visitors' public pages from memory (docs/decisions/0013-public-page-cache.md); off in development.
  if (!devServer && config.PAGE_CACHE_SECONDS > 0) {
    const renderAnonymous = createRouterHandler(build, process.env.NODE_ENV);
    syncPageCacheAcrossInstances({ productsChannel: PRODUCTS_CHANNEL, campaignsChannel: CAMPAIGNS_CHANNEL }).catch(
      (error: unknown) =>
        logger.error(
          { err: error },
          "page cache: no cross-instance invalidation (pages refresh within PAGE_CACHE_SECONDS)",
        ),
    );
    const origin = new URL(config.PUBLIC_URL).origin;
    app.use(
      publicPageCache({
        freshSeconds: config.PAGE_CACHE_SECONDS,
        render: (pathAndQuery, cartItemCount) =>
          renderAnonymous(
            new Request(`${origin}${pathAndQuery}`, { headers: { Accept: "text/html" } }),
            routerContext({ requestId: REQUEST_ID_PLACEHOLDER, nonce: NONCE_PLACEHOLDER, cartItemCount }),
          ),
        // While the database is down a cart visitor goes on to the 503 at once, not to a read that waits for it.
        cartItemCount: (cookie) =>
          isDatabaseDown() ? Promise.reject(new Error("database down")) : readCartItemCount(cookie),
        fees: {
          read: (cookie) => (isDatabaseDown() ? Promise.reject(new Error("database down")) : readFeesCart(cookie)),
          fill: fillFeesPage,
        },
      }),
    );
  }

  // During a database outage: a short 503 at once, not a wait for a failing connection (decision 0029).
  // After the page cache, which keeps serving the public pages it holds.
  app.use(failFastWhileDatabaseDown());

  // Every body is capped as it streams (413), before React Router reads it.
  app.use(
    bodyLimit(
      withTooLargePage(
        withTooLargePage(
          withTooLargePage(bodyLimits, "/admin/products", productNotices.fileTooLarge),
          "/admin/campaigns",
          productNotices.fileTooLarge,
        ),
        "/admin/site",
        productNotices.fileTooLarge,
      ),
    ),
  );

  const handleRequest = createRequestHandler({
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    unavailable: { mark: connectionFailureMark, since: failedSince, send: sendUnavailable },
    // In development the build is reloaded on every request, so edits show at once.
    build,
    getLoadContext(req, res) {
      return routerContext({
        requestId: res.locals.requestId,
        nonce: res.locals.nonce,
        // Express honours TRUST_PROXY here: X-Forwarded-For only behind a trusted proxy.
        clientAddress: clientSubject(req.ip),
      });
    },
  });
  // A client may hang up while its page is still being made; shutdown waits
  // for that work too before it closes the database.
  app.use((req, res, next) => whileInFlight(() => handleRequest(req, res, next)));
  return app;
}

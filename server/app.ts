import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createRouterHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { clientSubject } from "~/core/client-address";
import { env, EnvError } from "~/core/env.server";
import { closePubSub } from "~/db/pubsub.server";
import { closeAllStreams } from "~/core/sse.server";
import { logger, requestLogFields } from "~/core/logger.server";
import { NONCE_PLACEHOLDER, REQUEST_ID_PLACEHOLDER } from "~/core/page-cache.server";
import { requestInfoContext, type RequestInfo } from "~/core/request-context";
import { helmetOptions, newNonce, permissionsPolicy } from "~/core/security.server";
import { connectionFailureMark, failedSince, isDatabaseDown } from "~/db/availability.server";
import { DatabaseInUseError } from "~/db/client.server";
import { ContentError, loadSiteContent } from "~/features/content/content.server";
import { registerDonationHooks } from "~/features/donations/hooks.server";
import { loadGuideCatalog } from "~/features/guide/content.server";
import { CAMPAIGNS_CHANNEL } from "~/features/campaigns/campaigns.server";
import { loadPublishedContent } from "~/features/site-editor/store.server";
import { PRODUCTS_CHANNEL } from "~/features/products/feed.server";
import { productNotices } from "~/features/products/notices";
import { closeDatabase, getDatabaseHandle, setDemoSeeders } from "~/db/database.server";
import { bodyLimit, bodyLimits, withTooLargePage } from "./body-limit";
import { metricsMiddleware, metricsRoute, registerMetrics, routeLabeller } from "./metrics";
import { readCartItemCount } from "~/features/shop/cart-count.server";
import { fillFeesPage, readFeesCart } from "~/features/shop/personal-fees.server";
import { publicPageCache, syncPageCacheAcrossInstances } from "./page-cache";
import { buildAssets } from "./precompressed";
import { mayBePublicFile } from "./public-files";
import { createRequestHandler } from "./request-handler";
import { sameSiteOnly } from "./same-site";
import { failFastWhileDatabaseDown, sendUnavailable } from "./unavailable";
import { demoSeeders } from "./demo-content";
import { backgroundWorkers } from "./workers";

const REQUEST_ID = /^[\w-]{1,64}$/;
/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

type AppOptions = {
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
  app.use(async (req, res, next) => {
    inFlight.count += 1;
    try {
      await handleRequest(req, res, next);
    } finally {
      inFlight.count -= 1;
      if (inFlight.count === 0) inFlight.drained?.();
    }
  });
  return app;
}

const inFlight: { count: number; drained?: () => void } = { count: 0 };

function requestsDrained(): Promise<void> {
  if (inFlight.count === 0) return Promise.resolve();
  return new Promise((resolve) => {
    inFlight.drained = resolve;
  });
}

/** Starts the server: database first, then HTTP, then workers. */
export async function start(options: AppOptions): Promise<Server> {
  let config;
  try {
    config = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // content/ is read from disk here, not bundled: a broken edit stops the start
  // with the file and line named, before anything listens.
  try {
    await loadSiteContent();
    await loadGuideCatalog();
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(
        `${error.message}\nThe server did not start: fix the file and start it again (see content/README.md).`,
      );
      process.exit(1);
    }
    throw error;
  }

  // The database opens here, and on the embedded default's first run seeds each capability's demo content.
  setDemoSeeders(demoSeeders);
  registerDonationHooks();
  let handle;
  try {
    handle = await getDatabaseHandle();
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // In a cluster (server.js) one worker does the once-per-machine work; the others only what fills their memory.
  const doesBackgroundWork = process.env.CITRON_BACKGROUND_WORK !== "0";
  const stops = backgroundWorkers
    .filter((worker) => doesBackgroundWork || worker.everyProcess)
    .map((worker) => worker.start(handle));
  // What staff published replaces content/ in memory before the first page is served (decision 0039).
  await loadPublishedContent(handle.db);

  const serverBuild = options.devServer
    ? undefined
    : ((await import("virtual:react-router/server-build")) as ServerBuild);
  const app = createApp({ ...options, serverBuild });
  const server = app.listen(config.PORT, config.HOST);
  // Longer than a load balancer's idle timeout (60 s on the common ones): a proxy must never reuse a
  // connection the server has just closed, which its client sees as a 502 (decision 0029).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const database = handle.kind === "pglite" ? `embedded PGlite in ${config.DATA_DIR}` : "PostgreSQL";
  logger.info({ port, database, backgroundWork: doesBackgroundWork }, "server started");
  if (doesBackgroundWork) console.warn(`Citron Online District is running at http://localhost:${port} (${database})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took over 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop accepting, let requests in flight finish, then release the database.
    // Live streams never end by themselves: end them so the drain can finish.
    closeAllStreams();
    // A keep-alive connection may still bring a request: answer it with "Connection: close", and close
    // each connection as soon as it is idle, so the drain never waits for a keep-alive timeout.
    server.on("request", (_req, res: { setHeader(name: string, value: string): void }) =>
      res.setHeader("Connection", "close"),
    );
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearInterval(idle);
    await requestsDrained();
    await closePubSub();
    await Promise.allSettled(stops.map((stop) => stop()));
    await closeDatabase();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}

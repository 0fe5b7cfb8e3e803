import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { env, EnvError } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { requestInfoContext } from "~/core/request-context";
import { helmetOptions, permissionsPolicy } from "~/core/security.server";
import { DatabaseInUseError } from "~/db/client.server";
import { closeDatabase, getDatabaseHandle } from "~/db/database.server";
import { backgroundWorkers } from "./workers";

const REQUEST_ID = /^[\w-]{1,64}$/;

type AppOptions = { clientDir: string; devServer?: ViteDevServer };

/** The Express app: headers, logging, health checks, static files, then React Router. */
export function createApp(options: AppOptions) {
  const { devServer } = options;
  const config = env();
  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) app.set("trust proxy", true);

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    res.locals.requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", res.locals.requestId);
    res.setHeader("Permissions-Policy", permissionsPolicy);
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  app.use(helmet(helmetOptions(Boolean(devServer))));
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => (res as express.Response).locals.requestId,
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, path: req.url?.split("?")[0] }),
        res: (res) => ({ status: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    }),
  );

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
    // Hashed build assets never change: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  const handleRequest = createRequestHandler({
    // In development the build is reloaded on every request, so edits show at once.
    build: devServer
      ? () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : () => import("virtual:react-router/server-build"),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, {
        requestId: res.locals.requestId,
        nonce: res.locals.nonce,
        // Express honours TRUST_PROXY here: X-Forwarded-For only behind a trusted proxy.
        clientAddress: req.ip,
      });
      return context;
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
  const stops = backgroundWorkers.map((worker) => worker.start(handle));

  const app = createApp(options);
  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const database = handle.kind === "pglite" ? `embedded PGlite in ${config.DATA_DIR}` : "PostgreSQL";
  logger.info({ port, database }, "server started");
  console.warn(`Citron Online District is running at http://localhost:${port} (${database})`);

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
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await requestsDrained();
    await Promise.allSettled(stops.map((stop) => stop()));
    await closeDatabase();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}

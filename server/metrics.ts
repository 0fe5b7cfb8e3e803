import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { logger } from "~/core/logger.server";
import { openStreamCount } from "~/core/sse.server";
import { isDatabaseDown } from "~/db/availability.server";
import type { Database } from "~/db/client.server";

/**
 * Prometheus metrics (decision 0029). Off unless METRICS_TOKEN is set; then
 * `GET /metrics` with `Authorization: Bearer <token>` answers in the text format.
 *
 * Per process: counters and histograms count what this process served. Values
 * read from the database at scrape time (outbox, checkouts) are the same from
 * every process, so under a cluster (several workers behind one port) they are
 * aggregated with "first", not summed. In a cluster worker, /metrics asks the
 * primary (server/cluster-metrics.mjs) for every worker's metrics at once.
 */
const registry = client.register;
let registered = false;
let databaseSource: (() => Promise<Database>) | undefined;
let reading: { at: number; done: Promise<void> } | undefined;

/** The database gauges share one read per scrape (prom-client runs every collect at once). */
function readDatabaseOnce(): Promise<void> {
  if (!databaseSource) return Promise.resolve();
  if (!reading || Date.now() - reading.at > 1000) {
    reading = { at: Date.now(), done: databaseSource().then(collectFromDatabase, () => {}) };
  }
  return reading.done;
}

const httpRequests = new client.Counter({
  name: "citron_http_requests_total",
  help: "HTTP requests answered, by method, route and status code",
  labelNames: ["method", "route", "status"] as const,
  registers: [],
});
const httpDuration = new client.Histogram({
  name: "citron_http_request_duration_seconds",
  help: "Time to answer an HTTP request (to the last byte), by method and route",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [],
});
const pageCache = new client.Counter({
  name: "citron_page_cache_requests_total",
  help: "Public pages answered by the page cache: hit, stale or miss",
  labelNames: ["result"] as const,
  registers: [],
});
const liveFeeds = new client.Gauge({
  name: "citron_live_feeds_open",
  help: "Live product feeds (Server-Sent Events) open on this process",
  registers: [],
  collect() {
    this.set(openStreamCount());
  },
});
const databaseUp = new client.Gauge({
  name: "citron_database_up",
  help: "1 while the database answers, 0 during an outage (as this process last saw it)",
  aggregator: "min",
  registers: [],
  collect() {
    this.set(isDatabaseDown() ? 0 : 1);
  },
});
const outbox = new client.Gauge({
  name: "citron_outbox_messages",
  help: "Emails in the outbox by status (pending: waiting or retrying; failed: given up)",
  labelNames: ["status"] as const,
  aggregator: "first",
  registers: [],
  collect: readDatabaseOnce,
});
const outboxOldest = new client.Gauge({
  name: "citron_outbox_oldest_pending_seconds",
  help: "Age of the oldest email still waiting to be sent (0 when none)",
  aggregator: "first",
  registers: [],
  collect: readDatabaseOnce,
});
const outboxRetrying = new client.Gauge({
  name: "citron_outbox_retrying_messages",
  help: "Pending emails whose last attempt failed",
  aggregator: "first",
  registers: [],
  collect: readDatabaseOnce,
});
const checkouts = new client.Gauge({
  name: "citron_checkouts",
  help: "Checkouts ever opened, by status (open, completed, failed) and failure reason (expired, declined, ...)",
  labelNames: ["status", "reason"] as const,
  aggregator: "first",
  registers: [],
  collect: readDatabaseOnce,
});

/** Reads the database-backed gauges; a scrape during an outage keeps the last values. */
async function collectFromDatabase(db: Database) {
  if (isDatabaseDown()) return;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  try {
    const [mail] = await rows<{ pending: number; failed: number; retrying: number; oldest: number | null }>(sql`
      select count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status = 'pending' and last_error is not null)::int as retrying,
             extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest
        from email_outbox where status <> 'sent'`);
    outbox.set({ status: "pending" }, mail?.pending ?? 0);
    outbox.set({ status: "failed" }, mail?.failed ?? 0);
    outboxRetrying.set(mail?.retrying ?? 0);
    outboxOldest.set(Math.max(0, Number(mail?.oldest ?? 0)));
    checkouts.reset();
    for (const row of await rows<{ status: string; reason: string; n: number }>(sql`
      select status, coalesce(failure_reason, '') as reason, count(*)::int as n from checkouts group by 1, 2`)) {
      checkouts.set({ status: row.status, reason: row.reason }, row.n);
    }
  } catch (error) {
    logger.warn({ err: error }, "metrics: database values not read");
  }
}

/** Registers the metrics once per process, with Node's own (event-loop lag, memory, GC). */
export function registerMetrics(getDb: () => Promise<Database>): void {
  if (registered) return;
  registered = true;
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  databaseSource = getDb;
  const metrics: client.Metric<string>[] = [
    httpRequests,
    httpDuration,
    pageCache,
    liveFeeds,
    databaseUp,
    outbox,
    outboxOldest,
    outboxRetrying,
    checkouts,
  ];
  for (const metric of metrics) registry.registerMetric(metric);
  // Constructed in a cluster worker, it answers the primary's requests for this registry (prom-client's IPC);
  // the constructor registers the listener, so nothing needs to hold it.
  // oxlint-disable-next-line no-new -- constructed for its side effect, as prom-client documents
  if (cluster.isWorker) new client.AggregatorRegistry();
}

/** The route a path belongs to, from the build's route table; "other" when nothing matches. */
export function routeLabeller(build: () => Promise<ServerBuild>) {
  let routes: Promise<RouteObject[]> | undefined;
  return async (pathname: string): Promise<string> => {
    if (pathname.startsWith("/assets/")) return "assets";
    if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") return pathname;
    // Loaded on first use: the build is imported after the middleware is set up.
    routes ??= build().then((loaded) => routeTree(loaded.routes));
    const table = await routes.catch(() => {
      routes = undefined;
      return [];
    });
    // React Router's data requests (/fees.data, /_root.data) belong to their page.
    const page = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    return matchRoutes(table, page)?.at(-1)?.route.id ?? "other";
  };
}

function routeTree(manifest: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push(
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    byParent.set(route.parentId, list);
  }
  const attach = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => (route.index ? route : { ...route, children: attach(route.id) }));
  return attach(undefined);
}

/** Counts every response with its route, status and time; page-cache answers by their X-Page-Cache. */
export function metricsMiddleware(label: (pathname: string) => Promise<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const stream = String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");
      const cache = res.getHeader("X-Page-Cache");
      if (cache === "hit" || cache === "stale" || cache === "miss") pageCache.inc({ result: cache });
      void label(req.path).then((route) => {
        httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
        // An event stream's time is how long it stayed open: not a latency.
        if (!stream) httpDuration.observe({ method: req.method, route }, seconds);
      });
    });
    next();
  };
}

/** GET /metrics: 404 without a token configured, 401 without the right bearer token. */
export function metricsRoute(token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    if (!expected) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const given = Buffer.from(req.get("authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const text = cluster.isWorker ? await clusterMetrics().catch(localMetrics) : await registry.metrics();
      res.type(registry.contentType).send(text);
    } catch (error) {
      logger.error({ err: error }, "metrics could not be collected");
      res.status(500).type("text/plain").send("metrics unavailable");
    }
  };
}

/** This process's metrics alone, when the primary does not aggregate (it has no cluster-metrics installed). */
function localMetrics(error: unknown): Promise<string> {
  logger.warn({ err: error }, "metrics: this worker's only (call installClusterMetrics() in the cluster's primary)");
  return registry.metrics();
}

/** Asks the cluster's primary for every worker's metrics, aggregated (server/cluster-metrics.mjs). */
function clusterMetrics(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = `${process.pid}-${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the cluster primary did not answer with metrics (is server/cluster-metrics.mjs installed?)"));
    }, 2000);
    const onMessage = (message: unknown) => {
      const reply = message as { type?: string; id?: string; text?: string; error?: string };
      if (reply?.type !== "citron:metrics" || reply.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (reply.error !== undefined) reject(new Error(reply.error));
      else resolve(reply.text ?? "");
    };
    process.on("message", onMessage);
    process.send?.({ type: "citron:metrics?", id });
  });
}

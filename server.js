// Entry point. `npm start`: builds once when no build exists, then starts the
// server bundle (server/start.ts), which migrates the database, seeds the
// embedded default on its first run and serves the site.
// `npm run dev` (`node server.js --dev`): the same server with Vite in
// middleware mode, so route modules reload on every request.
// On PostgreSQL, `npm start` runs WORKERS server processes (default: the
// machine's cores) behind one port (runPrimary below; decision 0031). That code
// lives here, not in the build or another file, so a deployment of server.js
// and the build keeps working.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
/** Set in the environment of the one worker that runs the once-per-machine background work (decision 0031). */
const BACKGROUND_ENV = "CITRON_BACKGROUND_WORK";
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

if (process.argv.includes("--dev")) {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const devServer = await createServer({ server: { middlewareMode: true } });
  const { start } = await devServer.ssrLoadModule("./server/start.ts");
  await start({ clientDir, devServer });
} else {
  const serverBuild = path.join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) {
    console.warn("No build found: building the site first (npm run build)...");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  // Without NODE_ENV, `npm start` is the fresh clone's local preview: the production build with demo
  // content and mail written to files. A deployment sets NODE_ENV=production itself (docs/operations.md).
  if (!process.env.NODE_ENV) {
    process.env.NODE_ENV = "production";
    process.env.CITRON_LOCAL_PREVIEW ??= "true";
  }
  // Every core on PostgreSQL (WORKERS; decision 0031): this process then only runs the workers.
  let workers;
  try {
    workers = cluster.isPrimary ? workerCount() : { count: 1, note: null };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (workers.note) console.warn(workers.note);
  if (cluster.isPrimary && workers.count > 1) {
    console.warn(`Starting ${workers.count} server processes (WORKERS=${workers.count})`);
    runPrimary(workers.count);
  } else {
    // A lone process does the background work itself; in a cluster, the primary chose one worker for it.
    process.env[BACKGROUND_ENV] ??= "1";
    const { start } = await import(serverBuild);
    await start({ clientDir });
  }
}

// ---------------------------------------------------------------------------
// Every core (docs/decisions/0031-every-core.md): the primary forks WORKERS copies of the server, which share
// the port (node:cluster); it serves nothing itself. Function declarations: hoisted above their use.

/**
 * How many server processes to run: WORKERS (default: the machine's cores), but always 1 on the embedded
 * database, which one process owns (PGlite). Returns the number and, when it is forced, why.
 */
function workerCount(env = process.env) {
  const raw = env.WORKERS?.trim();
  if (raw && !/^\d+$/.test(raw)) throw new Error(`WORKERS: expected a whole number of processes (1-64), got "${raw}"`);
  const asked = raw ? Number(raw) : os.availableParallelism();
  if (raw && (asked < 1 || asked > 64)) throw new Error(`WORKERS: expected 1-64, got ${asked}`);
  if (!env.DATABASE_URL && asked > 1) {
    return {
      count: 1,
      note: "one process: the embedded database (PGlite) cannot be shared between processes; set DATABASE_URL to use every core",
    };
  }
  return { count: asked, note: null };
}

/**
 * Runs the primary: forks `count` workers and keeps them running. The first worker (and whichever replaces
 * it) does the background work that should happen once per machine (outbox, sweeps, clean-ups); all of
 * them serve requests. SIGTERM/SIGINT are passed on as SIGTERM to every worker, each drains its requests
 * and closes its database pool, and the primary exits when all have: 0 if every worker stopped cleanly.
 * A worker that exits before it ever listened stops the whole start (a bad setting, a database that
 * refuses): the primary stops the others and exits with its code. One that dies later is replaced.
 */
function runPrimary(count) {
  // A worker's GET /metrics asks the primary for the whole cluster's figures (server/metrics.ts). Loaded when
  // present: a deployment of server.js and the build alone serves each worker's own figures instead.
  import("./server/cluster-metrics.mjs").then(
    ({ installClusterMetrics }) => installClusterMetrics(),
    () => console.warn("cluster: server/cluster-metrics.mjs not found; /metrics answers per worker"),
  );
  let stopping = false;
  /** Live workers: id -> whether it does the background work. */
  const live = new Map();
  const listening = new Set();

  const fork = (background) => {
    const worker = cluster.fork({ [BACKGROUND_ENV]: background ? "1" : "0" });
    live.set(worker.id, background);
  };

  const stopAll = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // A worker that hangs is forced out by its own 10 s timer; this is the primary's backstop.
    setTimeout(() => {
      console.error("cluster: workers still running 15 s after the signal; exiting");
      process.exit(1);
    }, 15_000).unref();
  };

  cluster.on("listening", (worker) => listening.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    const background = live.get(worker.id) ?? false;
    live.delete(worker.id);
    const started = listening.delete(worker.id);
    if (code !== 0) process.exitCode ??= code || 1;
    if (!stopping && !started) {
      console.error(`cluster: worker ${worker.process.pid} exited during start (${code ?? signal}); stopping`);
      stopAll("SIGTERM");
    } else if (!stopping) {
      console.error(`cluster: worker ${worker.process.pid} died (${code ?? signal}); starting another`);
      process.exitCode = undefined;
      setTimeout(() => stopping || fork(background), 1000);
    }
    if (stopping && live.size === 0) process.exit(process.exitCode ?? 0);
  });

  process.once("SIGTERM", () => stopAll("SIGTERM"));
  process.once("SIGINT", () => stopAll("SIGTERM"));
  for (let i = 0; i < count; i++) fork(i === 0);
}

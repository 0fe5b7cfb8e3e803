// `npm start` on every core (docs/decisions/0031-every-core.md): the primary process forks WORKERS copies of
// the server, which share the port (node:cluster); it serves nothing itself. Plain JavaScript, run by server.js
// before the server build is imported, so the primary stays small.
import cluster from "node:cluster";
import os from "node:os";

/**
 * How many server processes to run: WORKERS (default: the machine's cores), but always 1 on the embedded
 * database, which one process owns (PGlite). Returns the number and, when it is forced, why.
 */
export function workerCount(env = process.env) {
  const raw = env.WORKERS?.trim();
  if (raw && !/^\d+$/.test(raw)) throw new Error(`WORKERS: expected a whole number of processes (1-64), got "${raw}"`);
  const asked = raw ? Number(raw) : os.availableParallelism();
  if (raw && (asked < 1 || asked > 64)) throw new Error(`WORKERS: expected 1-64, got ${asked}`);
  if (!env.DATABASE_URL && asked > 1) {
    return { count: 1, note: "one process: the embedded database (PGlite) cannot be shared between processes; set DATABASE_URL to use every core" };
  }
  return { count: asked, note: null };
}

/** Set in the environment of the one worker that runs the once-per-machine background work. */
export const BACKGROUND_ENV = "CITRON_BACKGROUND_WORK";

/**
 * Runs the primary: forks `count` workers and keeps them running. The first worker (and whichever replaces
 * it) does the background work that should happen once per machine (outbox, sweeps, clean-ups); all of
 * them serve requests. SIGTERM/SIGINT are passed on as SIGTERM to every worker, each drains its requests
 * and closes its database pool, and the primary exits when all have: 0 if every worker stopped cleanly.
 * A worker that exits before it ever listened stops the whole start (a bad setting, a database that
 * refuses): the primary stops the others and exits with its code. One that dies later is replaced.
 */
export function runPrimary(count) {
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

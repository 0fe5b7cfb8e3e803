/**
 * Whether PostgreSQL is reachable, as this process last saw it (decision 0029).
 *
 * A query that fails because the connection is gone (refused, reset, terminated
 * by a restart or `pg_terminate_backend`, a connect timeout) marks the database
 * down; from then on a probe (`select 1`) runs every PROBE_MS until one answers
 * (or any other query does: a worker's, /readyz's).
 * While down, server/app.ts answers page requests with a short 503 at once
 * instead of letting each one wait for its own failing connection, and turns a
 * 500 made by the outage into that 503. An SQL error (a constraint, a bad
 * query) is not an outage and changes nothing here. PGlite never goes down.
 */
import { logger } from "~/core/logger.server";

export const PROBE_MS = 500;
/** The first probe comes sooner: a single dropped connection (pg_terminate_backend) is back at once. */
export const FIRST_PROBE_MS = 100;

/** Node socket errors and PostgreSQL classes that mean "no connection", not "bad query". */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown: pg_terminate_backend, a restart
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
]);
// Not pg-pool's "timeout exceeded when trying to connect": that is a wait for a free pooled connection (a busy
// pool), which is not an outage.
const CONNECTION_MESSAGES =
  /connection terminated|timeout expired|connection is closed|client has encountered a connection error/i;

export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    // Drizzle wraps the driver's error ("Failed query: ...") with the original as its cause.
    current = cause;
  }
  return false;
}

type State = {
  downSince: number | null;
  probe: (() => Promise<void>) | null;
  timer: NodeJS.Timeout | null;
  /** Connection failures seen so far, outage or not: a single dropped connection is over before a request ends. */
  failures: number;
};
const state: State = { downSince: null, probe: null, timer: null, failures: 0 };
const listeners = new Set<(up: boolean, downForMs: number) => void>();

/** Set by the PostgreSQL handle: how to ask the database whether it answers again. */
export function setAvailabilityProbe(probe: (() => Promise<void>) | null): void {
  state.probe = probe;
  if (!probe) clearDown();
}

/** True from a connection failure until a probe succeeds. */
export function isDatabaseDown(): boolean {
  return state.downSince !== null;
}

/** Called with every error a database call raised; only connection failures count. */
export function noteDatabaseError(error: unknown): void {
  if (!state.probe || !isConnectionError(error)) return;
  state.failures++;
  if (state.downSince !== null) return;
  state.downSince = Date.now();
  logger.error({ err: error }, "database unreachable; answering 503 until it is back");
  for (const listener of listeners) listener(false, 0);
  scheduleProbe(FIRST_PROBE_MS);
}

/** A mark to pass to failedSince: how many connection failures this process has seen. */
export function connectionFailureMark(): number {
  return state.failures;
}

/**
 * Whether the database is down, or a connection failed since `mark`. A request that began at `mark` and failed
 * may have failed for that reason though the outage is already over: pg_terminate_backend ends one connection,
 * and the next query on a new one ends the outage at once.
 */
export function failedSince(mark: number): boolean {
  return state.downSince !== null || state.failures !== mark;
}

/** A failure of a library that wraps the driver's error without it (better-auth's "Failed to get session"). */
export class ConnectionLost extends Error {
  /** connection_failure: isConnectionError knows it. */
  readonly code = "08006";
  constructor(cause: unknown) {
    super("the database connection was lost", { cause });
  }
}

/**
 * Runs `work`; when it fails while a connection failed (as far as this process can tell, because of it), the
 * failure is a ConnectionLost, so the request is answered as an outage (503), not as a wrong answer.
 */
export async function withConnectionFailures<T>(work: () => Promise<T>): Promise<T> {
  const mark = state.failures;
  try {
    return await work();
  } catch (error) {
    throw !isConnectionError(error) && failedSince(mark) ? new ConnectionLost(error) : error;
  }
}

/** Called after a query succeeded: any answer (a worker's, /readyz's) ends an outage without waiting for the probe. */
export function noteDatabaseAnswered(): void {
  if (state.downSince === null) return;
  const downForMs = Date.now() - state.downSince;
  clearDown();
  logger.warn({ downForMs }, "database reachable again");
  for (const listener of listeners) listener(true, downForMs);
}

/** Listens for down/up changes (metrics, tests); returns a function that stops listening. */
export function onAvailabilityChange(listener: (up: boolean, downForMs: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function scheduleProbe(delay = PROBE_MS) {
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    const probe = state.probe;
    if (!probe || state.downSince === null) return;
    probe().then(noteDatabaseAnswered, () => {
      if (state.downSince !== null) scheduleProbe();
    });
  }, delay);
  state.timer.unref();
}

function clearDown() {
  state.downSince = null;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

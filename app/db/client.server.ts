import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { noteDatabaseAnswered, noteDatabaseError, setAvailabilityProbe } from "./availability.server";
import * as schema from "./schema";

export { schema };
export type Schema = typeof schema;
/** The one database type every feature uses, on PGlite and on PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Where LISTEN can be done (app/db/pubsub.server.ts): PGlite's own
   * `listen`, or a connection string for one dedicated pg.Client.
   */
  notifications: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  /** Runs `fn` while holding a database-wide lock (PostgreSQL advisory lock). */
  withLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export class DatabaseInUseError extends Error {}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under
 * `dataDir/pglite` (or in memory when dataDir is "memory://"). An in-memory
 * PGlite may start from `loadDataDir`, a copy made by PGlite's `dumpDataDir()`
 * (the tests copy one migrated database per file: tests/support/database.ts).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = observedPool(url, max);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    notifications: { kind: "postgres", url },
    async withLock(key, fn) {
      // Session-level advisory locks belong to one connection: hold it throughout.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await fn(drizzlePg({ client, schema }));
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      setAvailabilityProbe(null);
      await untilQuiet(pool);
      await pool.end();
    },
  };
}

/** How long closing waits for statements that outlived their request. */
const QUIET_WAIT_MS = 5000;

/**
 * Resolves once no statement is running or waiting for a connection (or after QUIET_WAIT_MS). Shutdown closes
 * the database when the requests in flight are done, but a loader whose visitor hung up is not one of them and
 * may still be running, or about to send its next statement: ending the pool under it would fail that statement
 * ("Cannot use a pool after calling end on the pool") instead of letting it finish.
 */
async function untilQuiet(pool: pg.Pool) {
  const until = Date.now() + QUIET_WAIT_MS;
  const busy = () => pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
  // Two checks in a row: a statement sent right after another answered is seen by the second.
  let quietChecks = 0;
  while (quietChecks < 2 && Date.now() < until) {
    quietChecks = busy() ? 0 : quietChecks + 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A connection attempt gives up after this long, so a request fails fast while the database is away. */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * A pool whose connection failures reach availability.server.ts (decision 0029). Without an
 * "error" listener, an idle connection closed by a database restart or pg_terminate_backend
 * would be an unhandled error event and end the process.
 */
function observedPool(url: string, max: number): pg.Pool {
  // The timeout goes on each new connection, not on the pool: pg-pool would also apply it to the wait for a
  // free connection, and a busy pool (a rush of checkouts) is not an outage and must not fail requests.
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
  }
  const pool = new pg.Pool({ connectionString: url, max, Client: TimedClient as unknown as new () => pg.ClientBase });
  pool.on("error", noteDatabaseError);
  pool.on("connect", (client) => client.on("error", noteDatabaseError));
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (...args: unknown[]) =>
    query(...args).then(
      (result) => {
        noteDatabaseAnswered();
        return result;
      },
      (error: unknown) => {
        noteDatabaseError(error);
        throw error;
      },
    );
  // pool.query itself calls connect with a callback: that form passes through (its failure is seen above).
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: typeof connect }).connect = (...args: unknown[]) =>
    args.length > 0
      ? connect(...args)
      : connect()!.catch((error: unknown) => {
          noteDatabaseError(error);
          throw error;
        });
  // The probe goes around the wrapper: its answer is reported by availability.server.ts itself.
  setAvailabilityProbe(async () => {
    await query("select 1");
  });
  return pool;
}

/** PGlite loads extensions when it opens; migrations then `create extension` them as on PostgreSQL. */
export const pgliteOptions: PGliteOptions = { extensions: { pg_trgm } };

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const inMemory = dataDir === "memory://";
  let release = () => {};
  let client: PGlite;
  if (inMemory) {
    client = new PGlite({ ...pgliteOptions, loadDataDir });
  } else {
    const dir = path.join(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    release = takeProcessLock(path.join(dataDir, "pglite.pid"));
    client = new PGlite(dir, pgliteOptions);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    notifications: { kind: "pglite", client },
    // One process owns the embedded database, so a lock is only a queue here.
    withLock: (_key, fn) => fn(db),
    async close() {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite may be opened by one process at a time. A pid file makes a second
 * opener (say `npm run user:create` while the server runs) fail clearly
 * instead of corrupting the data directory.
 */
export function takeProcessLock(file: string): () => void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseInUseError(
        `The embedded database in ${path.dirname(file)} is in use by process ${pid}. Stop the server (or that process) first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

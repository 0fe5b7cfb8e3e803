import { sql } from "drizzle-orm";
import { periodicWorker } from "~/db/periodic-worker.server";
import type { Database } from "./client.server";

const HOUR = 60 * 60_000;

/**
 * What autovacuum does for PostgreSQL, done for the embedded PGlite, which
 * has none: VACUUM reclaims the rows that updates and deletes leave behind,
 * and ANALYZE gives the planner the tables' sizes and value statistics.
 * Without them it guesses every table small, and reads the dashboards' tallies
 * through an index row by row (see docs/decisions/0011).
 */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/** At start and hourly, on PGlite only (PostgreSQL's own autovacuum keeps its statistics). */
export const embeddedUpkeepWorker = periodicWorker({
  name: "embedded database upkeep",
  everyMs: HOUR,
  runsOn: (handle) => handle.kind === "pglite",
  run: (handle) => vacuumAnalyze(handle.db),
});

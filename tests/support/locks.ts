import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** How many sessions of the test's database wait on a lock now (PostgreSQL): a race test polls it. */
export async function sessionsWaitingOnLocks(db: Database): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

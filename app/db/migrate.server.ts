import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { fromRoot } from "~/core/paths.server";
import type { DatabaseHandle } from "./client.server";

export const migrationsFolder = fromRoot("app/db/migrations");

/** Advisory-lock key for schema changes: one migrator at a time across instances. */
const MIGRATION_LOCK = 0x43_49_54_52; // "CITR"

/** Applies the committed SQL migrations. Safe when several instances start at once. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withLock(MIGRATION_LOCK, async (db) => {
    // The shared Database type hides the driver; the handle's kind says which one made `db`.
    if (handle.kind === "pglite") {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}

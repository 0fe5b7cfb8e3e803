import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { migrateDatabase } from "./migrate.server";
import { seedOnFirstRun } from "./seed.server";

let current: Promise<DatabaseHandle> | undefined;

/**
 * The process's database: opened, migrated and (first run of the embedded
 * default only) seeded once, then shared by every request.
 */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  current ??= (async () => {
    const config = env();
    const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await migrateDatabase(handle);
    if (await seedOnFirstRun(handle, logger)) {
      logger.info("demo content seeded on the first run of the embedded database");
    }
    return handle;
  })();
  current.catch(() => {
    current = undefined;
  });
  return current;
}

export async function closeDatabase(): Promise<void> {
  if (!current) return;
  const handle = await current;
  current = undefined;
  await handle.close();
}

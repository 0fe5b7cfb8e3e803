import { env, type Env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { migrateDatabase } from "./migrate.server";
import { seedOnFirstRun } from "./seed.server";
import type { Seeder } from "./seeder";

let demoSeeders: readonly Seeder[] = [];

/**
 * The capabilities' demo content for the embedded database's first run: the database layer knows no feature, so
 * server/start.ts passes the list (server/demo-content.ts) before the database is first opened.
 */
export function setDemoSeeders(seeders: readonly Seeder[]): void {
  demoSeeders = seeders;
}

let current: Promise<DatabaseHandle> | undefined;

/**
 * The process's database: opened, migrated and (first run of the embedded
 * default only) seeded once, then shared by every request.
 */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  current ??= (async () => {
    const config = env();
    const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await prepareDatabase(handle, config);
    return handle;
  })();
  current.catch(() => {
    current = undefined;
  });
  return current;
}

/**
 * Migrates, then seeds the demo content on the first run of the embedded
 * database, except on a deployment (NODE_ENV=production given by the
 * operator), which never gets demo content or demo accounts.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Pick<Env, "DEPLOYED">,
  seeders: readonly Seeder[] = demoSeeders,
): Promise<void> {
  await migrateDatabase(handle);
  if (config.DEPLOYED) {
    logger.info("production: demo content and demo accounts are not seeded");
  } else if (await seedOnFirstRun(handle, logger, seeders)) {
    logger.info("demo content seeded on the first run of the embedded database");
  }
}

export async function closeDatabase(): Promise<void> {
  if (!current) return;
  const handle = await current;
  current = undefined;
  await handle.close();
}

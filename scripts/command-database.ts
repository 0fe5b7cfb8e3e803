import { env, EnvError } from "~/core/env.server";
import { DatabaseInUseError, openDatabase, type Database } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";

/**
 * For the account commands (user:create, user:reset-2fa): opens the configured database, applies the
 * migrations, runs `work` and closes it. A bad setting or an embedded database held by a running server
 * is said in one line and exits 1.
 */
export async function withCommandDatabase(work: (db: Database) => Promise<number>): Promise<number> {
  let handle;
  try {
    const config = env();
    handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(handle);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

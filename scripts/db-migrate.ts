// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or
// the embedded database in DATA_DIR) and exits.
import { env } from "~/core/env.server";
import { openDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";

const config = env();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  console.warn("Migrations applied.");
} finally {
  await handle.close();
}

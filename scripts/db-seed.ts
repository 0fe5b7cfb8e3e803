// `npm run db:seed`: migrates, then seeds demo content, on any database,
// including PostgreSQL (where the server never seeds on its own).
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { openDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { isSeeded, seedDemoContent } from "~/db/seed.server";
import { demoSeeders } from "../server/demo-content";

const config = env();
if (config.DEPLOYED) {
  console.error("NODE_ENV=production: demo content and demo accounts are never seeded on a deployment.");
  process.exit(1);
}
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  if ((await isSeeded(handle.db)) && !process.argv.includes("--force")) {
    console.warn("Demo content is already there (use --force to seed again).");
  } else {
    await seedDemoContent(handle, logger, demoSeeders);
    console.warn("Demo content seeded.");
  }
} finally {
  await handle.close();
}

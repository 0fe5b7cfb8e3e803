import { eq } from "drizzle-orm";
import type { Logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "./client.server";
import { appMeta } from "./schema";
import type { Seeder } from "./seeder";

const SEEDED_KEY = "demo_seeded_at";

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return rows.length > 0;
}

/** Runs each capability's demo content (see ./seeder.ts; server/demo-content.ts lists them) in order, in one transaction. */
export async function seedDemoContent(handle: DatabaseHandle, log: Logger, seeders: readonly Seeder[]): Promise<void> {
  await handle.db.transaction(async (tx) => {
    for (const seeder of seeders) {
      log.info({ seeder: seeder.name }, "seeding demo content");
      await seeder.run(tx, log);
    }
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date().toISOString() } });
  });
}

/** Demo content belongs to the embedded default only, and only once. */
export async function seedOnFirstRun(
  handle: DatabaseHandle,
  log: Logger,
  seeders: readonly Seeder[],
): Promise<boolean> {
  if (handle.kind !== "pglite") return false;
  if (await isSeeded(handle.db)) return false;
  await seedDemoContent(handle, log, seeders);
  return true;
}

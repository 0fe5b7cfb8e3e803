import { eq } from "drizzle-orm";
import type { Logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "./client.server";
import { accountsSeeder } from "~/features/accounts/demo-seed.server";
import { dashboardsSeeder } from "~/features/orders/demo-seed.server";
import { appMeta } from "./schema";

/**
 * A capability's demo content. Seeders run in order, inside one transaction,
 * on the first start of an empty embedded database, or by `npm run db:seed`.
 */
export type Seeder = {
  name: string;
  run(db: Database, log: Logger): Promise<void>;
};

const seeders: Seeder[] = [accountsSeeder, dashboardsSeeder];

const SEEDED_KEY = "demo_seeded_at";

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return rows.length > 0;
}

export async function seedDemoContent(handle: DatabaseHandle, log: Logger): Promise<void> {
  await handle.db.transaction(async (tx) => {
    for (const seeder of seeders) {
      log.info({ seeder: seeder.name }, "seeding demo content");
      await seeder.run(tx as unknown as Database, log);
    }
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date().toISOString() } });
  });
}

/** Demo content belongs to the embedded default only, and only once. */
export async function seedOnFirstRun(handle: DatabaseHandle, log: Logger): Promise<boolean> {
  if (handle.kind !== "pglite") return false;
  if (await isSeeded(handle.db)) return false;
  await seedDemoContent(handle, log);
  return true;
}

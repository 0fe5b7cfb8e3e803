import { eq } from "drizzle-orm";
import type { Logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "./client.server";
import { accountsSeeder } from "~/features/accounts/demo-seed.server";
import { contactMessagesSeeder } from "~/features/contact-admin/demo-seed.server";
import { ordersSeeder } from "~/features/orders/demo-seed.server";
import { productsSeeder } from "~/features/products/demo-seed.server";
import { appMeta } from "./schema";
import type { Seeder } from "./seeder";

/** Each capability's demo content (see ./seeder.ts), run in this order. */
const seeders: Seeder[] = [accountsSeeder, ordersSeeder, contactMessagesSeeder, productsSeeder];

const SEEDED_KEY = "demo_seeded_at";

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return rows.length > 0;
}

export async function seedDemoContent(handle: DatabaseHandle, log: Logger): Promise<void> {
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
export async function seedOnFirstRun(handle: DatabaseHandle, log: Logger): Promise<boolean> {
  if (handle.kind !== "pglite") return false;
  if (await isSeeded(handle.db)) return false;
  await seedDemoContent(handle, log);
  return true;
}

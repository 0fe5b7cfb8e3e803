import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv, setEnvForTests, type Env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { products } from "~/db/schema";
import { resetEventsServiceForTests } from "~/features/events/events.server";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { productsSeeder } from "~/features/products/demo-seed.server";
import { resetCartCookieForTests } from "~/features/shop/cart/cart-cookie.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";

/**
 * The settings of an integration test: test mode, a fresh data directory named after the test
 * (`citron-<name>-…` in the system's temporary folder), a fixed session secret, and the test's own values.
 */
export function testEnv(name: string, values: Record<string, string | undefined> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `citron-${name}-`)),
    SESSION_SECRET: "s".repeat(40),
    ...values,
  });
}

export type PaymentsTestbed = { database: TestDatabase; stripe: StripeStandIn };

/**
 * What a payments test starts in its beforeAll: the settings (testEnv, the site at https://citron.example), a
 * test database and the local Stripe stand-in.
 */
export async function openPaymentsTestbed(
  name: string,
  values: Record<string, string | undefined> = {},
): Promise<PaymentsTestbed> {
  setEnvForTests(testEnv(name, { PUBLIC_URL: "https://citron.example", ...values }));
  return { database: await createTestDatabase(), stripe: await startStripeStandIn() };
}

/** Its afterAll: the default payment provider and settings again, the stand-in stopped, the database gone. */
export async function closePaymentsTestbed(testbed: Partial<PaymentsTestbed>): Promise<void> {
  setPaymentProviderForTests(undefined);
  setEnvForTests(undefined);
  await testbed.stripe?.close();
  await testbed.database?.destroy();
}

/**
 * What a shop test starts in its beforeAll, once its settings are set: the events service and the cart cookie
 * made again for those settings, a test database with the demo catalogue, and the catalogue's ids by name.
 */
export async function openShopDatabase(): Promise<{ database: TestDatabase; ids: Record<string, string> }> {
  resetEventsServiceForTests();
  resetCartCookieForTests();
  const database = await createTestDatabase();
  await productsSeeder.run(database.db, logger);
  const ids = Object.fromEntries((await database.db.select().from(products)).map((row) => [row.name, row.id]));
  return { database, ids };
}

/** Its afterAll. */
export async function closeShopDatabase(database: TestDatabase | undefined): Promise<void> {
  await database?.destroy();
  setEnvForTests(undefined);
  resetEventsServiceForTests();
  resetCartCookieForTests();
}

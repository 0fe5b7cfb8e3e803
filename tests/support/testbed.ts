import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv, setEnvForTests, type Env } from "~/core/env.server";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
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
export async function openPaymentsTestbed(name: string, values: Record<string, string | undefined> = {}): Promise<PaymentsTestbed> {
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

import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { requestInfoContext } from "~/core/request-context";
import type { Database } from "~/db/client.server";
import { checkouts } from "~/db/schema";
import type { DonateActionData } from "~/features/donations/action-data";
import { handleDonation, type OpenCheckout } from "~/features/donations/donate-action.server";
import { fulfilCheckout, openCheckout } from "~/features/payments/checkout/checkout.server";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import type { TestDatabase } from "./database";

/** A configuration for donation tests: a temporary DATA_DIR, a known identity, a small limit. */
export function useDonationTestEnv(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-donations-"));
  setEnvForTests(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://citron.example.org",
      SITE_NAME: "Citron Online District",
      LEGAL_NAME: "Citron Online District, Inc.",
      TAX_ID: "12-3456789",
      CONTACT_EMAIL: "info@example.org",
      DONATION_MAX_DOLLARS: "10000",
      DONATION_RATE_LIMIT_MAX: "3",
      ...overrides,
    }),
  );
  return { dataDir };
}

export const validDonation = {
  firstName: "Ruth",
  lastName: "Adler",
  email: "ruth.adler@example.com",
  amount: "50",
  memorialType: "memory",
  memorialDetails: "Rabbi Samuel Katz",
  notifyEmail: "katz.family@example.com",
  coverFee: "on",
  website: "",
};

/** A provider that answers like the sandbox, without its page: sessions named after the checkout. */
export function useTestProvider() {
  setPaymentProviderForTests(() => ({
    name: "sandbox",
    async createSession(input) {
      return { id: `test_${input.checkoutId}`, url: `https://pay.example.test/${input.checkoutId}` };
    },
    async retrieveSession() {
      throw new Error("tests pass the paid state to fulfilCheckout");
    },
    async expireSession() {},
  }));
}

/** The real openCheckout, remembering what the donation form asked for. */
export function spyOpenCheckout(calls: Parameters<OpenCheckout>[1][] = []): OpenCheckout {
  return async (db, input) => {
    calls.push(input);
    return openCheckout(db, input);
  };
}

/** The payments module's fulfilment, as the provider's webhook or return page calls it once paid. */
export async function fulfilPaid(db: Database, checkoutId: string): Promise<boolean> {
  const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) });
  const result = await fulfilCheckout(db, checkoutId, {
    id: `test_${checkoutId}`,
    status: "complete",
    paymentStatus: "paid",
    amountTotal: checkout!.totalAmount,
    checkoutId,
  });
  return result.status === "completed";
}

type Body = Record<string, string> | string;

/** Posts to the donation action as a browser would, from `clientAddress`. */
export async function postDonation(
  database: TestDatabase,
  body: Body,
  options: { clientAddress?: string; openCheckout?: OpenCheckout; contentType?: string } = {},
): Promise<{ status: number; data: DonateActionData; headers: Headers }> {
  const payload = typeof body === "string" ? body : new URLSearchParams(body).toString();
  const request = new Request("http://localhost/donate", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": options.contentType ?? "application/x-www-form-urlencoded" },
  });
  const context = database.context();
  context.set(requestInfoContext, {
    requestId: "test",
    nonce: "",
    clientAddress: options.clientAddress ?? "203.0.113.9",
  });
  const result = (await handleDonation(request, context, options.openCheckout ?? spyOpenCheckout())) as unknown as {
    data: DonateActionData;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
}

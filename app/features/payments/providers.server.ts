import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { checkouts } from "~/db/schema";
import type { PaymentProvider, ProviderSessionState } from "./provider";
import { stripeClient, stripeProvider } from "./stripe/stripe-provider.server";

/** Where the sandbox's hosted checkout page lives (never served when Stripe keys are set). */
export const SANDBOX_PATH = "/checkout/sandbox";

/** True when the built-in sandbox takes payments (no Stripe key configured). */
export function sandboxEnabled(): boolean {
  return !env().STRIPE_SECRET_KEY;
}

/**
 * The built-in sandbox: a session is our own checkout row, its page is
 * SANDBOX_PATH, and what it "says" about a payment is what that page's Pay
 * and Decline buttons recorded through fulfilment (so a reload or a second
 * tab sees the same answer).
 */
export function sandboxProvider(db: Database): PaymentProvider {
  return {
    name: "sandbox",
    async createSession() {
      const id = `sbx_${randomBytes(18).toString("base64url")}`;
      return { id, url: `${SANDBOX_PATH}?session_id=${encodeURIComponent(id)}` };
    },
    async retrieveSession(sessionId): Promise<ProviderSessionState> {
      const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.providerSessionId, sessionId) });
      if (!checkout) throw new Error("No such checkout session");
      return {
        id: sessionId,
        status: checkout.status === "completed" ? "complete" : checkout.status === "failed" ? "expired" : "open",
        paymentStatus: checkout.status === "completed" ? "paid" : "unpaid",
        amountTotal: checkout.totalAmount,
        currency: checkout.currency,
        checkoutId: checkout.id,
      };
    },
    // The sandbox's session is the checkout row itself, which is closed already.
    async expireSession() {},
  };
}

let override: ((db: Database) => PaymentProvider) | undefined;

/** For tests: use another provider (or undefined for the configured one). */
export function setPaymentProviderForTests(factory: ((db: Database) => PaymentProvider) | undefined) {
  override = factory;
}

/** The configured provider: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox. */
export function paymentProvider(db: Database): PaymentProvider {
  if (override) return override(db);
  const config = env();
  if (config.STRIPE_SECRET_KEY) return stripeProvider(stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL));
  return sandboxProvider(db);
}

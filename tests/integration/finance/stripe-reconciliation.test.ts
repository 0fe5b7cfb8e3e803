import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { financePage } from "~/features/finance/page.server";
import type { PayoutCheck } from "~/features/finance/reconciliation/reconcile";
import { setEnvForTests } from "~/core/env.server";
import { closePaymentsTestbed, openPaymentsTestbed, type PaymentsTestbed, testEnv } from "../../support/testbed";
import { aPayment, aRefund } from "./season";

/**
 * Reconciliation with Stripe (decision 0053), against the Stripe stand-in's payouts and balance transactions: a
 * payout that matches to the cent, one whose lines miss one, and one carrying a charge the site never made; a site
 * payment no payout covers; and the fees, read from Stripe's balance transactions (never estimated).
 */
let testbed: PaymentsTestbed;
let checks: PayoutCheck[];
let page: Awaited<ReturnType<typeof financePage>>;
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

beforeAll(async () => {
  testbed = await openPaymentsTestbed("finance-stripe");
  const { stripe } = testbed;
  setEnvForTests(
    testEnv("finance-stripe", {
      PUBLIC_URL: "https://citron.example",
      STRIPE_SECRET_KEY: "sk_test_finance",
      STRIPE_WEBHOOK_SECRET: "whsec_finance",
      STRIPE_API_URL: stripe.url,
    }),
  );
  const db = testbed.database.db;
  const paid = async (when: string, amount: number, kind: "shop" | "donation" = "shop") => {
    const line =
      kind === "donation" ? { itemName: "Donation", totalAmount: amount } : { itemName: "Hoodie", totalAmount: amount };
    const payment = await aPayment(db, when, [line], { provider: "stripe", kind });
    const { charge } = stripe.money.pay({
      id: `cs_${payment.checkoutId}`,
      status: "complete",
      payment_status: "paid",
      amount_total: amount,
      currency: "usd",
      payment_intent_metadata: { checkout_id: payment.checkoutId },
    });
    return { ...payment, charge: charge.id };
  };
  const a = await paid("2025-09-02 10:00", 5000);
  const b = await paid("2025-09-03 10:00", 10_000, "donation");
  const refund = stripe.money.refundInDashboard(a.charge, 1000);
  await aRefund(db, "2025-09-04 10:00", a.checkoutId, { [a.orderIds[0]!]: 1000 }, "succeeded", refund.id);
  stripe.payouts.addPayout(at("2025-09-08T14:00:00Z"), [
    { source: a.charge, amount: 5000, fee: 175 },
    { source: b.charge, amount: 10_000, fee: 320 },
    { source: refund.id, amount: -1000 },
  ]);
  // The second payout's amount is more than its lines: one is missing from Stripe's list.
  const c = await paid("2025-09-10 10:00", 4000);
  stripe.payouts.addPayout(at("2025-09-15T14:00:00Z"), [{ source: c.charge, amount: 4000, fee: 146 }], {
    amount: 6354,
  });
  // The third carries a charge of no checkout of ours.
  const stranger = stripe.money.pay({
    id: "cs_stranger",
    status: "complete",
    payment_status: "paid",
    amount_total: 3000,
    currency: "usd",
    payment_intent_metadata: {},
  });
  const d = await paid("2025-09-16 10:00", 2500);
  stripe.payouts.addPayout(at("2025-09-22T14:00:00Z"), [
    { source: stranger.charge.id, amount: 3000, fee: 117 },
    { source: d.charge, amount: 2500, fee: 103 },
  ]);
  // A payout of more lines than one page of Stripe's list (100): read page after page.
  stripe.payouts.addPayout(
    at("2025-09-25T14:00:00Z"),
    Array.from({ length: 120 }, () => ({ source: d.charge, amount: 1 })),
  );
  // Paid in the period, in no payout yet.
  await paid("2025-09-29 10:00", 1500);
  // A payout of another month is not read.
  stripe.payouts.addPayout(at("2025-10-02T14:00:00Z"), [{ source: d.charge, amount: 1, fee: 0 }]);
  page = await financePage(db, new URL("https://citron.example/admin/finance?period=month&month=2025-09"));
  if (page.stripe.mode !== "stripe" || !page.stripe.ok)
    throw new Error(`Stripe was not read: ${JSON.stringify(page.stripe)}`);
  checks = page.stripe.reconciliation.checks;
}, 60_000);

afterAll(async () => {
  await closePaymentsTestbed(testbed);
});

describe("reconciliation with Stripe", () => {
  it("reads the period's payouts with every balance transaction, page after page", () => {
    expect(checks.map((check) => check.lines.length)).toEqual([3, 1, 2, 120]);
  });

  it("ties a matching payout out to the cent", () => {
    const [first] = checks;
    expect(first!.lines.map((line) => line.match?.kind)).toEqual(["order", "gift", "refund"]);
    expect(first!.stripeTotal).toBe(5000 - 175 + 10_000 - 320 - 1000);
    expect(first!.siteTotal).toBe(first!.stripeTotal);
    expect(first!.difference).toBe(0);
    expect(first!.differing).toEqual([]);
  });

  it("shows the difference of a payout whose lines miss one", () => {
    const second = checks[1]!;
    expect(second.linesTotal).toBe(4000 - 146);
    expect(second.stripeTotal).toBe(6354);
    expect(second.difference).toBe(2500);
  });

  it("lists a charge the site never made apart, with the difference it makes", () => {
    const third = checks[2]!;
    expect(third.differing).toHaveLength(1);
    expect(third.differing[0]!.match).toBeNull();
    expect(third.differing[0]!.amount).toBe(3000);
    expect(third.difference).toBe(3000 - 117);
  });

  it("lists a site payment no payout line covers", () => {
    if (page.stripe.mode !== "stripe" || !page.stripe.ok) throw new Error("no reconciliation");
    expect(page.stripe.reconciliation.withoutLine.map((row) => [row.kind, row.amount])).toEqual([["order", 1500]]);
  });

  it("takes the fees from Stripe's balance transactions of the period", () => {
    expect(page.fees).toBe(175 + 320 + 146 + 117 + 103);
    expect(page.net).toBe(page.figures.gross - page.figures.refunds - page.figures.disputes - page.fees!);
  });
});

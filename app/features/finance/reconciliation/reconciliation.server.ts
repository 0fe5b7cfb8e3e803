import { and, eq, gte, inArray, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { checkouts, disputes, monthlyGiftPayments, refunds } from "~/db/schema";
import { districtDayStart, nextDay, type Period } from "../period/period";
import { type PayoutCheck, reconcile, type SiteIndex, withoutLine } from "./reconcile";
import type { StripePeriod } from "./stripe-reads.server";

export type SitePaymentWithoutLine = {
  id: string;
  kind: "order" | "gift" | "refund";
  amount: number;
  at: string;
  email: string;
};
export type Reconciliation = {
  checks: PayoutCheck[];
  withoutLine: SitePaymentWithoutLine[];
  fees: number;
  feesByMonth: Record<string, number>;
  readAt: string;
};

const unique = (values: Array<string | null>) => [...new Set(values.filter((value): value is string => !!value))];

/** Looks up the site's rows that Stripe's lines name, in four reads whatever the number of lines. */
async function siteIndex(db: Database, stripe: StripePeriod): Promise<SiteIndex> {
  const lines = stripe.payouts.flatMap((payout) => payout.lines);
  const payments = unique(
    lines.flatMap((line) => [
      line.type === "charge" || line.type === "payment" ? line.source : null,
      line.paymentIntent,
    ]),
  );
  const months = payments.length
    ? await db
        .select({
          charge: monthlyGiftPayments.chargeId,
          intent: monthlyGiftPayments.paymentIntentId,
          checkoutId: monthlyGiftPayments.checkoutId,
        })
        .from(monthlyGiftPayments)
        .where(inArray(monthlyGiftPayments.chargeId, payments))
        .union(
          db
            .select({
              charge: monthlyGiftPayments.chargeId,
              intent: monthlyGiftPayments.paymentIntentId,
              checkoutId: monthlyGiftPayments.checkoutId,
            })
            .from(monthlyGiftPayments)
            .where(inArray(monthlyGiftPayments.paymentIntentId, payments)),
        )
    : [];
  const checkoutByPayment = new Map<string, string>();
  for (const month of months) {
    if (!month.checkoutId) continue;
    if (month.charge) checkoutByPayment.set(month.charge, month.checkoutId);
    if (month.intent) checkoutByPayment.set(month.intent, month.checkoutId);
  }
  const refundIds = unique(lines.map((line) => (line.source?.startsWith("re_") ? line.source : null)));
  const disputeIds = unique(lines.map((line) => (line.category.startsWith("dispute") ? line.source : null)));
  const refundRows = refundIds.length
    ? await db
        .select({
          id: refunds.id,
          providerId: refunds.providerRefundId,
          amount: refunds.amount,
          checkoutId: refunds.checkoutId,
        })
        .from(refunds)
        .where(inArray(refunds.providerRefundId, refundIds))
    : [];
  const disputeRows = disputeIds.length
    ? await db
        .select({ id: disputes.id, amount: disputes.amount, status: disputes.status, checkoutId: disputes.checkoutId })
        .from(disputes)
        .where(inArray(disputes.id, disputeIds))
    : [];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const checkoutIds = unique([...checkoutByPayment.values(), ...lines.map((line) => line.checkoutId)]).filter((id) =>
    uuid.test(id),
  );
  const checkoutRows = checkoutIds.length
    ? await db
        .select({
          id: checkouts.id,
          amount: checkouts.totalAmount,
          kind: checkouts.kind,
          email: checkouts.email,
          status: checkouts.status,
        })
        .from(checkouts)
        .where(inArray(checkouts.id, checkoutIds))
    : [];
  return {
    checkouts: new Map(checkoutRows.filter((row) => row.status === "completed").map((row) => [row.id, row])),
    checkoutByPayment,
    refunds: new Map(refundRows.map((row) => [row.providerId!, row])),
    disputes: new Map(disputeRows.map((row) => [row.id, row])),
  };
}

/** The period's Stripe payments and refunds of the site, to list those no payout line covers. */
async function sitePayments(db: Database, period: Pick<Period, "from" | "to">): Promise<SitePaymentWithoutLine[]> {
  const start = districtDayStart(period.from);
  const end = districtDayStart(nextDay(period.to));
  const paid = await db
    .select({
      id: checkouts.id,
      kind: checkouts.kind,
      amount: checkouts.totalAmount,
      at: checkouts.completedAt,
      email: checkouts.email,
    })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.provider, "stripe"),
        eq(checkouts.status, "completed"),
        gte(checkouts.completedAt, start),
        lt(checkouts.completedAt, end),
      ),
    );
  const refunded = await db
    .select({ id: refunds.id, amount: refunds.amount, at: refunds.createdAt, email: checkouts.email })
    .from(refunds)
    .innerJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(
      and(
        eq(checkouts.provider, "stripe"),
        inArray(refunds.status, ["pending", "succeeded"]),
        gte(refunds.createdAt, start),
        lt(refunds.createdAt, end),
      ),
    );
  return [
    ...paid.map((row) => ({
      id: row.id,
      kind: row.kind === "donation" ? ("gift" as const) : ("order" as const),
      amount: row.amount,
      at: (row.at ?? start).toISOString(),
      email: row.email,
    })),
    ...refunded.map((row) => ({
      id: row.id,
      kind: "refund" as const,
      amount: -row.amount,
      at: row.at.toISOString(),
      email: row.email,
    })),
  ];
}

export async function reconciliation(
  db: Database,
  period: Pick<Period, "from" | "to">,
  stripe: StripePeriod,
): Promise<Reconciliation> {
  const checks = reconcile(stripe.payouts, await siteIndex(db, stripe));
  const site = await sitePayments(db, period);
  return {
    checks,
    withoutLine: [
      ...withoutLine(
        site.filter((row) => row.kind !== "refund"),
        checks,
        ["order", "gift"],
      ),
      ...withoutLine(
        site.filter((row) => row.kind === "refund"),
        checks,
        ["refund"],
      ),
    ].sort((a, b) => a.at.localeCompare(b.at)),
    fees: stripe.fees,
    feesByMonth: stripe.feesByMonth,
    readAt: stripe.readAt,
  };
}

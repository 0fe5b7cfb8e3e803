import type Stripe from "stripe";
import { env } from "~/core/env.server";
import { stripeClient } from "~/features/payments/stripe/stripe-provider.server";
import { districtDay, districtDayStart, nextDay, type Period } from "../period/period";
import type { StripeLine, StripePayout } from "./reconcile";

/**
 * What Stripe says about a period (decision 0053): its payouts, each with its balance transactions, and the fees of
 * every balance transaction created in it. Read at page load through the SDK's auto-pagination, and kept for
 * CACHE_MS per period on this instance: a reload or a CSV download within that time reads no more of Stripe's rate
 * limit, and nothing on the page is older than that.
 */
export type StripePeriod = {
  payouts: StripePayout[];
  /** Stripe's fees on every balance transaction created in the period, and by New York month ("2026-11"). */
  fees: number;
  feesByMonth: Record<string, number>;
  readAt: string;
};

const CACHE_MS = 2 * 60_000;
const cache = new Map<string, { at: number; value: Promise<StripePeriod> }>();

function seconds(day: string): number {
  return Math.floor(districtDayStart(day).getTime() / 1000);
}

function lineOf(row: Stripe.BalanceTransaction): StripeLine {
  const source = row.source;
  let id: string | null = null;
  let paymentIntent: string | null = null;
  let checkoutId: string | null = null;
  if (typeof source === "string") id = source;
  else if (source) {
    id = source.id;
    if (source.object === "charge") {
      const intent = source.payment_intent;
      paymentIntent = typeof intent === "string" ? intent : (intent?.id ?? null);
      checkoutId = typeof intent === "object" && intent ? (intent.metadata?.checkout_id ?? null) : null;
    }
  }
  return {
    id: row.id,
    type: row.type,
    category: row.reporting_category,
    source: id,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    created: row.created,
    paymentIntent,
    checkoutId,
  };
}

async function read(stripe: Stripe, period: Pick<Period, "from" | "to">): Promise<StripePeriod> {
  const created = { gte: seconds(period.from), lt: seconds(nextDay(period.to)) };
  const payouts: StripePayout[] = [];
  for await (const payout of stripe.payouts.list({ created, limit: 100 })) {
    const lines: StripeLine[] = [];
    for await (const row of stripe.balanceTransactions.list({
      payout: payout.id,
      limit: 100,
      expand: ["data.source", "data.source.payment_intent"],
    }))
      lines.push(lineOf(row));
    // Stripe lists newest first; the page reads a payout's lines in the order they happened.
    lines.reverse();
    payouts.push({
      id: payout.id,
      amount: payout.amount,
      created: payout.created,
      arrivalDate: payout.arrival_date,
      status: payout.status,
      lines,
    });
  }
  let fees = 0;
  const feesByMonth: Record<string, number> = {};
  for await (const row of stripe.balanceTransactions.list({ created, limit: 100 })) {
    if (row.type === "payout" || row.fee === 0) continue;
    fees += row.fee;
    const month = districtDay(new Date(row.created * 1000)).slice(0, 7);
    feesByMonth[month] = (feesByMonth[month] ?? 0) + row.fee;
  }
  return {
    payouts: payouts.sort((a, b) => a.created - b.created),
    fees,
    feesByMonth,
    readAt: new Date().toISOString(),
  };
}

/** Stripe's side of the period, or null in the sandbox (no Stripe key: nothing to reconcile). */
export function stripePeriod(period: Pick<Period, "from" | "to">, now = Date.now()): Promise<StripePeriod> | null {
  const config = env();
  if (!config.STRIPE_SECRET_KEY) return null;
  const key = `${config.STRIPE_API_URL ?? ""}|${period.from}|${period.to}`;
  const cached = cache.get(key);
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const value = read(stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL), period);
  cache.set(key, { at: now, value });
  // A failed read is not kept: the next page load asks again.
  value.catch(() => cache.delete(key));
  for (const [old, entry] of cache) if (now - entry.at >= CACHE_MS) cache.delete(old);
  return value;
}

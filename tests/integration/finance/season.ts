import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  type Allocation,
  campaigns,
  checkouts,
  disputes,
  monthlyGiftPayments,
  monthlyGifts,
  type NewOrder,
  orders,
  refunds,
} from "~/db/schema";

/**
 * A finance scenario written straight into the tables, as the payment paths leave them: each payment a completed
 * checkout with its orders, refunds and disputes with their allocation over those orders. `at` is a New York wall
 * time ("2025-09-10 14:00"), so a test says which day a line belongs to.
 */
export function nyTime(wall: string): Date {
  // New York is UTC-4 in summer (EDT) and UTC-5 in winter (EST); the zone's own rule decides.
  const guess = new Date(`${wall.replace(" ", "T")}:00Z`);
  const shown = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(guess);
  const part = (type: string) => Number(shown.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return new Date(guess.getTime() - (asUtc - guess.getTime()));
}

export async function aPayment(
  db: Database,
  at: string,
  lines: Array<Partial<NewOrder> & { totalAmount: number }>,
  options: { kind?: "shop" | "donation"; provider?: "sandbox" | "stripe" } = {},
): Promise<{ checkoutId: string; orderIds: string[] }> {
  const when = nyTime(at);
  const total = lines.reduce((sum, line) => sum + line.totalAmount, 0);
  const [checkout] = await db
    .insert(checkouts)
    .values({
      kind: options.kind ?? (lines[0]!.itemName?.toLowerCase().includes("donation") ? "donation" : "shop"),
      status: "completed",
      provider: options.provider ?? "sandbox",
      providerSessionId: `${options.provider === "stripe" ? "cs_test_" : "sbx_"}${randomUUID()}`,
      email: lines[0]!.customerEmail ?? "payer@example.com",
      totalAmount: total,
      publicTokenHash: randomUUID(),
      expiresAt: when,
      completedAt: when,
      createdAt: when,
    })
    .returning({ id: checkouts.id });
  const rows = await db
    .insert(orders)
    .values(
      lines.map((line) => ({
        itemName: "Item",
        customerEmail: "payer@example.com",
        status: "completed" as const,
        checkoutId: checkout!.id,
        createdAt: when,
        ...line,
      })),
    )
    .returning({ id: orders.id });
  return { checkoutId: checkout!.id, orderIds: rows.map((row) => row.id) };
}

export async function aRefund(
  db: Database,
  at: string,
  checkoutId: string,
  allocation: Allocation,
  status: "succeeded" | "failed" | "requested" = "succeeded",
  providerRefundId = `re_${randomUUID().replaceAll("-", "")}`,
): Promise<string> {
  const amount = Object.values(allocation).reduce((sum, cents) => sum + cents, 0);
  const [row] = await db
    .insert(refunds)
    .values({
      checkoutId,
      amount,
      status,
      source: "staff",
      allocation,
      providerRefundId,
      createdAt: nyTime(at),
    })
    .returning({ id: refunds.id });
  if (status !== "failed") {
    for (const [orderId, cents] of Object.entries(allocation)) {
      const [order] = await db.select().from(orders).where(eqId(orderId));
      await db
        .update(orders)
        .set({ refundedAmount: order!.refundedAmount + cents })
        .where(eqId(orderId));
    }
  }
  return row!.id;
}

export async function aDispute(
  db: Database,
  opened: string,
  checkoutId: string,
  allocation: Allocation,
  outcome: { status: "lost" | "won" | "needs_response"; closed?: string },
): Promise<string> {
  const id = `dp_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
  const amount = Object.values(allocation).reduce((sum, cents) => sum + cents, 0);
  await db.insert(disputes).values({
    id,
    checkoutId,
    amount,
    status: outcome.status,
    allocation,
    createdAt: nyTime(opened),
    closedAt: outcome.closed ? nyTime(outcome.closed) : null,
  });
  return id;
}

export async function aCampaign(db: Database, slug: string, name: string): Promise<string> {
  const [row] = await db
    .insert(campaigns)
    .values({ slug, name, goalCents: 100_000, startsOn: "2025-07-01", endsOn: "2026-06-30", story: "A drive." })
    .returning({ id: campaigns.id });
  return row!.id;
}

/** A month of a monthly gift: a donation checkout tied to the gift by monthly_gift_payments. */
export async function aMonthlyGiftMonth(
  db: Database,
  at: string,
  giftId: string,
  amount: number,
  email: string,
): Promise<{ checkoutId: string; orderIds: string[] }> {
  const payment = await aPayment(db, at, [
    { itemName: "Monthly Donation", totalAmount: amount, customerEmail: email, studentName: "Monthly Donor" },
  ]);
  await db.insert(monthlyGiftPayments).values({
    invoiceId: `in_${randomUUID()}`,
    monthlyGiftId: giftId,
    checkoutId: payment.checkoutId,
    amount,
    paidAt: nyTime(at),
  });
  return payment;
}

export async function aMonthlyGift(db: Database, email: string, amount: number): Promise<string> {
  const [row] = await db
    .insert(monthlyGifts)
    .values({
      provider: "sandbox",
      email,
      firstName: "Monthly",
      lastName: "Donor",
      amountCents: amount,
      details: {},
      status: "active",
      manageTokenHash: randomUUID(),
    })
    .returning({ id: monthlyGifts.id });
  return row!.id;
}

const eqId = (id: string) => eq(orders.id, id);

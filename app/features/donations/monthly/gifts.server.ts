import { randomUUID } from "node:crypto";
import { linkToken, linkTokenHash, linkTokenWhere } from "~/core/link-tokens.server";
import { and, eq, inArray, ne, or, isNull, sql } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import type { Database, Transaction } from "~/db/client.server";
import { checkouts, monthlyGiftPayments, monthlyGifts, orders, type MonthlyGift } from "~/db/schema";
import { queueEmail } from "~/features/email/outbox.server";
import { fulfilCheckout, openCheckout, type OpenCheckoutResult } from "~/features/payments/checkout/checkout.server";
import { donationEmails } from "../donation-emails.server";
import {
  DONATION_ITEM_NAME,
  tributeText,
  type DonationCheckoutInput,
  type DonationDetails,
} from "../donation-checkout";
import { failedRenewalEmail, monthlyChangeEmail, type MonthlyChange } from "./emails";
import { donationSettings } from "../settings.server";

/** Adds one calendar month (the provider's billing cycle), in UTC. */
export function nextMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a manage link keeps working after its gift ended. */
export const ENDED_LINK_DAYS = 90;

/** The gift behind a manage link, or null (a malformed, unknown or expired token). */
export async function giftByToken(db: Database, token: string, now = new Date()): Promise<MonthlyGift | null> {
  const where = linkTokenWhere("manage", token, { hash: monthlyGifts.manageTokenHash, id: monthlyGifts.id });
  if (!where) return null;
  const gift = await db.query.monthlyGifts.findFirst({ where });
  if (!gift) return null;
  if (
    gift.status === "canceled" &&
    gift.canceledAt &&
    now.getTime() - gift.canceledAt.getTime() > ENDED_LINK_DAYS * 86_400_000
  )
    return null;
  return gift;
}

export async function giftById(
  db: Database | Transaction,
  id: string | null | undefined,
): Promise<MonthlyGift | undefined> {
  if (!id || !UUID.test(id)) return undefined;
  return db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, id) });
}

/**
 * Opens the first month of a monthly gift: the gift row (pending) first, so any event of its subscription finds
 * it, then the donation checkout in recurring mode with the gift's id on the subscription. A checkout that
 * could not open removes its gift again.
 */
export async function openMonthlyCheckout(db: Database, input: DonationCheckoutInput): Promise<OpenCheckoutResult> {
  const details = input.details.donation;
  const id = randomUUID();
  const [gift] = await db
    .insert(monthlyGifts)
    .values({
      id,
      provider: "sandbox", // corrected below to the provider the checkout used
      email: input.email,
      firstName: details.firstName,
      lastName: details.lastName,
      amountCents: details.giftCents,
      feeCents: details.feeCents,
      details: { tribute: details.tribute, notifyEmail: details.notifyEmail },
      manageTokenHash: linkTokenHash(linkToken("manage", id)),
    })
    .returning();
  const monthly = { giftId: gift!.id };
  // One line for the month (gift and covered fee together), so a new amount is one subscription item's price.
  const total = input.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const description = input.orders[0]?.itemDescription?.replace(/^Donation to /, "Monthly donation to ") ?? null;
  const opened = await openCheckout(db, {
    ...input,
    lineItems: [
      {
        name: `Monthly ${input.lineItems[0]!.name.charAt(0).toLowerCase()}${input.lineItems[0]!.name.slice(1)}`,
        description: description ?? undefined,
        unitAmount: total,
        quantity: 1,
      },
    ],
    orders: input.orders.map((order) => ({ ...order, itemDescription: description })),
    details: { donation: { ...details, monthly } },
    recurring: { metadata: { monthly_gift_id: gift!.id } },
  });
  if (!opened.ok) {
    await db.delete(monthlyGifts).where(eq(monthlyGifts.id, gift!.id));
    return opened;
  }
  const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, opened.checkoutId) });
  await db
    .update(monthlyGifts)
    .set({ firstCheckoutId: opened.checkoutId, provider: checkout?.provider ?? "sandbox", updatedAt: new Date() })
    .where(eq(monthlyGifts.id, gift!.id));
  return opened;
}

/** The gift a checkout's first month set up (from the checkout's details), if it was monthly. */
export function monthlyOf(checkout: { details: unknown }): { giftId: string } | null {
  return (checkout.details as { donation?: DonationDetails } | null)?.donation?.monthly ?? null;
}

/**
 * The first month is paid: pending -> active, with the provider's ids. Idempotent; a canceled gift stays
 * canceled. `invoiceId` records the month (the first checkout holds its donation row and receipt).
 */
export async function activateGift(
  db: Database,
  gift: MonthlyGift,
  paid: {
    subscriptionId: string | null;
    customerId?: string | null;
    paidAt: Date;
    invoiceId?: string;
    amount?: number;
    nextChargeAt?: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(monthlyGifts)
      .set({
        status: sql`case when ${monthlyGifts.status} = 'pending' then 'active' else ${monthlyGifts.status} end`,
        providerSubscriptionId: sql`coalesce(${monthlyGifts.providerSubscriptionId}, ${paid.subscriptionId})`,
        providerCustomerId: sql`coalesce(${monthlyGifts.providerCustomerId}, ${paid.customerId ?? null})`,
        startedAt: sql`coalesce(${monthlyGifts.startedAt}, ${paid.paidAt.toISOString()}::timestamptz)`,
        nextChargeAt: sql`coalesce(${monthlyGifts.nextChargeAt}, ${(paid.nextChargeAt ?? nextMonth(paid.paidAt)).toISOString()}::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(eq(monthlyGifts.id, gift.id));
    if (paid.invoiceId && gift.firstCheckoutId) {
      await tx
        .insert(monthlyGiftPayments)
        .values({
          invoiceId: paid.invoiceId,
          monthlyGiftId: gift.id,
          checkoutId: gift.firstCheckoutId,
          amount: paid.amount ?? gift.amountCents + gift.feeCents,
          paidAt: paid.paidAt,
        })
        .onConflictDoNothing();
    }
  });
}

/**
 * The first month's invoice paid, possibly before the checkout's own completion event: the first checkout is
 * fulfilled (exactly once, by the payments core) with what the invoice says, then the gift is activated.
 */
export async function firstMonthPaid(
  db: Database,
  gift: MonthlyGift,
  invoice: {
    invoiceId: string;
    subscriptionId: string | null;
    customerId: string | null;
    amountPaid: number;
    currency: string;
    paidAt: Date;
    nextChargeAt?: Date;
  },
): Promise<"recorded" | "not_paid"> {
  if (!gift.firstCheckoutId) return "not_paid";
  const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, gift.firstCheckoutId) });
  if (!checkout) return "not_paid";
  if (checkout.status !== "completed" && checkout.providerSessionId) {
    await fulfilCheckout(db, checkout.id, {
      id: checkout.providerSessionId,
      status: "complete",
      paymentStatus: "paid",
      amountTotal: invoice.amountPaid,
      currency: invoice.currency,
      checkoutId: checkout.id,
    });
  }
  const now = await db.query.checkouts.findFirst({ where: eq(checkouts.id, checkout.id) });
  if (now?.status !== "completed") return "not_paid";
  await activateGift(db, gift, { ...invoice, amount: invoice.amountPaid });
  return "recorded";
}

export type RenewalResult = "recorded" | "duplicate" | "canceled";

/**
 * A later month paid (Stripe's invoice.paid with billing_reason subscription_cycle, or the sandbox's renewal):
 * in one transaction the invoice's row, a completed donation checkout and its orders row, and the receipt in
 * the outbox. The invoice id's primary key makes a repeated or concurrent delivery a no-op.
 */
export async function recordRenewal(
  db: Database,
  gift: MonthlyGift,
  invoice: { invoiceId: string; amountPaid: number; paidAt: Date; nextChargeAt?: Date },
): Promise<RenewalResult> {
  const recorded = await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(monthlyGiftPayments)
      .values({
        invoiceId: invoice.invoiceId,
        monthlyGiftId: gift.id,
        amount: invoice.amountPaid,
        paidAt: invoice.paidAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!payment) return false;
    const current = (await tx.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, gift.id) }))!;
    const settings = donationSettings();
    const feeCents =
      current.feeCents > 0 && invoice.amountPaid === current.amountCents + current.feeCents ? current.feeCents : 0;
    const stored = current.details as Pick<DonationDetails, "tribute" | "notifyEmail">;
    const details: DonationDetails = {
      firstName: current.firstName,
      lastName: current.lastName,
      giftCents: invoice.amountPaid - feeCents,
      feeCents,
      tribute: stored.tribute ?? null,
      notifyEmail: stored.notifyEmail ?? null,
      monthly: { giftId: current.id },
    };
    const tribute = tributeText(details.tribute);
    const checkoutId = randomUUID();
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        id: checkoutId,
        kind: "donation",
        status: "completed",
        provider: current.provider,
        email: current.email,
        totalAmount: invoice.amountPaid,
        details: { donation: details },
        publicTokenHash: linkTokenHash(linkToken("receipt", checkoutId)),
        expiresAt: invoice.paidAt,
        completedAt: invoice.paidAt,
      })
      .returning();
    const paidOrders = await tx
      .insert(orders)
      .values({
        itemName: DONATION_ITEM_NAME,
        itemDescription: [
          `Monthly donation to ${settings.siteName}`,
          tribute ? ` ${tribute.charAt(0).toLowerCase()}${tribute.slice(1)}` : "",
          feeCents > 0 ? " (card fee covered)" : "",
        ].join(""),
        itemQuantity: 1,
        studentName: `${current.firstName} ${current.lastName}`,
        eventType: details.tribute ? `${details.tribute.type}:${details.tribute.details}` : null,
        totalAmount: invoice.amountPaid,
        customerEmail: current.email,
        checkoutId: checkout!.id,
        status: "completed",
        createdAt: invoice.paidAt,
      })
      .returning();
    await tx
      .update(monthlyGiftPayments)
      .set({ checkoutId: checkout!.id })
      .where(eq(monthlyGiftPayments.invoiceId, invoice.invoiceId));
    // Receipt (with the manage link) and, for a tribute gift, the monthly notice: queued with the row, so exactly once.
    for (const message of donationEmails(checkout!, paidOrders)) await queueEmail(tx, message);
    await tx
      .update(monthlyGifts)
      .set({
        status: sql`case when ${monthlyGifts.status} in ('past_due', 'pending') then 'active' else ${monthlyGifts.status} end`,
        nextChargeAt: invoice.nextChargeAt ?? nextMonth(invoice.paidAt),
        lastFailureNotice: null,
        updatedAt: new Date(),
      })
      .where(eq(monthlyGifts.id, gift.id));
    return true;
  });
  if (recorded)
    logger.info(
      { monthlyGiftId: gift.id, invoiceId: invoice.invoiceId, amount: invoice.amountPaid },
      "monthly gift renewal recorded",
    );
  return recorded ? "recorded" : "duplicate";
}

/** A renewal the card did not pay: past_due, and one email per failed attempt asking for a new card. */
export async function renewalFailed(
  db: Database,
  gift: MonthlyGift,
  failure: { invoiceId: string; attempt: number; amount: number },
): Promise<boolean> {
  const key = `${failure.invoiceId}:${failure.attempt}`;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(monthlyGifts)
      .set({
        status: sql`case when ${monthlyGifts.status} = 'active' then 'past_due' else ${monthlyGifts.status} end`,
        lastFailureNotice: key,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(monthlyGifts.id, gift.id),
          ne(monthlyGifts.status, "canceled"),
          or(isNull(monthlyGifts.lastFailureNotice), ne(monthlyGifts.lastFailureNotice, key)),
          // A failed attempt reported after the same invoice was paid (events arrive in any order) changes
          // nothing: the card did pay in the end (decision 0038).
          sql`not exists (select 1 from ${monthlyGiftPayments} where ${monthlyGiftPayments.invoiceId} = ${failure.invoiceId})`,
        ),
      )
      .returning();
    if (!updated) return false;
    await queueEmail(
      tx,
      failedRenewalEmail(updated, failure.amount, donationSettings(), linkToken("manage", updated.id)),
    );
    return true;
  });
}

/** Ends a gift (the donor's cancel, or the provider's): canceled once, with one email. */
export async function endGift(
  db: Database,
  gift: MonthlyGift,
  change: Extract<MonthlyChange, "canceled" | "ended">,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(monthlyGifts)
      .set({ status: "canceled", canceledAt: new Date(), nextChargeAt: null, updatedAt: new Date() })
      .where(and(eq(monthlyGifts.id, gift.id), ne(monthlyGifts.status, "canceled")))
      .returning();
    if (!updated) return false;
    // A gift that never got its first month paid ends without a message.
    if (gift.status !== "pending")
      await queueEmail(tx, monthlyChangeEmail(updated, change, donationSettings(), linkToken("manage", updated.id)));
    return true;
  });
}

/** Applies a change to the gift row and queues its confirmation, in one transaction. */
export async function applyChange(
  db: Database,
  gift: MonthlyGift,
  change: Exclude<MonthlyChange, "canceled" | "ended">,
  values: Partial<Pick<MonthlyGift, "amountCents" | "feeCents" | "status" | "nextChargeAt">>,
  from: MonthlyGift["status"][],
): Promise<MonthlyGift | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(monthlyGifts)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(monthlyGifts.id, gift.id), inArray(monthlyGifts.status, from)))
      .returning();
    if (!updated) return null;
    await queueEmail(tx, monthlyChangeEmail(updated, change, donationSettings(), linkToken("manage", updated.id)));
    return updated;
  });
}

/** The sandbox's Pay on a monthly gift's first month: the local subscription starts (no provider events to wait for). */
export async function startSandboxGift(db: Database, checkoutId: string): Promise<void> {
  const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) });
  const monthly = checkout ? monthlyOf(checkout) : null;
  if (!checkout || !monthly || checkout.provider !== "sandbox" || checkout.status !== "completed") return;
  const gift = await giftById(db, monthly.giftId);
  if (!gift) return;
  const paidAt = checkout.completedAt ?? new Date();
  await activateGift(db, gift, {
    subscriptionId: `sbx_sub_${gift.id.replace(/-/g, "").slice(0, 24)}`,
    paidAt,
    invoiceId: `sbx_in_first_${checkout.id}`,
    amount: checkout.totalAmount,
  });
}

import { desc, eq, isNull, and } from "drizzle-orm";
import { env } from "~/core/env.server";
import { formatCents } from "~/core/format";
import { logger } from "~/core/logger.server";
import type { Database, Transaction } from "~/db/client.server";
import { paymentsNeedingAttention, userRoles, users } from "~/db/schema";
import type { AttentionReason, Checkout, PaymentNeedingAttention, PaymentProviderName } from "~/db/schema";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { checkoutReference } from "../checkout/confirmation-email";

/** What staff read for each reason: what happened, and what to do about it. */
export const ATTENTION_TEXT: Record<AttentionReason, { title: string; todo: string }> = {
  paid_after_close: {
    title: "Paid after the checkout closed",
    todo: "The checkout had expired, been declined or been replaced, so no order was completed and its stock may be sold. Refund the payment in Stripe, or, if the items are still available, complete the order by hand and tell the payer.",
  },
  amount_mismatch: {
    title: "Amount differs from the checkout total",
    todo: "The amount charged is not what the site priced. Refund the payment in Stripe and ask the payer to check out again.",
  },
  currency_mismatch: {
    title: "Currency differs from the checkout's",
    todo: "The payment was made in another currency than the site priced. Refund the payment in Stripe and ask the payer to check out again.",
  },
  session_mismatch: {
    title: "Paid on a session the site does not know for this checkout",
    todo: "The payment session is not the one stored for the checkout (a duplicate or replaced session). Check in Stripe whether the payer paid twice; refund the extra payment.",
  },
  unmatched_refund: {
    title: "Refunded at Stripe, but matches no payment of the site",
    todo: "Stripe refunded money the site cannot match to a completed order or gift, so no dashboard total changed. Find the refund in Stripe by its id below; if it was an order or gift, correct the records by hand.",
  },
  unmatched_dispute: {
    title: "Disputed at Stripe, but matches no payment of the site",
    todo: "A payer's bank disputed money the site cannot match to a completed order or gift. Answer the dispute in Stripe's dashboard (Payments, Disputes) by its id below, before its due date.",
  },
};

export type AttentionInput = {
  reason: AttentionReason;
  provider: PaymentProviderName;
  sessionId: string;
  paymentId?: string | null;
  checkout: Checkout | null;
  amount: number | null;
  currency: string | null;
  email: string | null;
};

/** Who is told: every admin; without any, the contact notice addresses. */
async function staffRecipients(db: Database): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"));
  return admins.length > 0 ? admins.map((row) => row.email) : env().CONTACT_NOTIFY_EMAILS;
}

/**
 * Records money that no order could take, once per session and reason
 * (a repeated webhook or a second sweep finds the row and does nothing),
 * and in the same transaction queues one email to staff. Returns the new
 * row, or null when it was known already.
 */
export async function recordPaymentAttention(
  db: Database,
  input: AttentionInput,
): Promise<PaymentNeedingAttention | null> {
  const recipients = await staffRecipients(db);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(paymentsNeedingAttention)
      .values({
        reason: input.reason,
        provider: input.provider,
        providerSessionId: input.sessionId,
        providerPaymentId: input.paymentId ?? null,
        checkoutId: input.checkout?.id ?? null,
        amount: input.amount,
        currency: input.currency,
        email: input.email ?? input.checkout?.email ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return null;
    const text = ATTENTION_TEXT[input.reason];
    const { html, text: plain } = renderEmail({
      title: "A payment needs attention",
      intro: [text.title, text.todo],
      fields: [
        {
          label: "Amount",
          value:
            inserted.amount === null
              ? null
              : `${formatCents(inserted.amount)} ${(inserted.currency ?? "").toUpperCase()}`.trim(),
        },
        { label: "Payer", value: inserted.email },
        {
          label: "Checkout",
          value: input.checkout ? `${checkoutReference(input.checkout)} (${input.checkout.status})` : null,
        },
        { label: "Expected", value: input.checkout ? formatCents(input.checkout.totalAmount) : null },
        { label: "Payment session", value: inserted.providerSessionId },
        { label: "Payment", value: inserted.providerPaymentId },
      ],
      action: { label: "Open the list", url: `${env().PUBLIC_URL}${ATTENTION_PATH}` },
    });
    await queueEmail(tx, { to: recipients, subject: `Payment needs attention: ${text.title}`, html, text: plain });
    return inserted;
  });
  if (row) {
    logger.error(
      { reason: input.reason, checkoutId: input.checkout?.id, sessionId: input.sessionId, amount: input.amount },
      "payment needs attention; staff told",
    );
  }
  return row;
}

export const ATTENTION_PATH = "/admin/payments";

/** The admin page's list: unresolved first, newest first. */
export async function listPaymentsNeedingAttention(db: Database) {
  const rows = await db.query.paymentsNeedingAttention.findMany({
    orderBy: [desc(paymentsNeedingAttention.createdAt)],
    limit: 200,
  });
  return [...rows.filter((row) => !row.resolvedAt), ...rows.filter((row) => row.resolvedAt)];
}

/** The sidebar's count beside Payments: those not yet resolved. */
export async function countUnresolvedPayments(db: Database): Promise<number> {
  return db.$count(paymentsNeedingAttention, isNull(paymentsNeedingAttention.resolvedAt));
}

/** Staff dealt with it (refunded, or completed by hand): forward only, the first click wins. */
export async function resolvePaymentAttention(
  db: Database | Transaction,
  id: string,
  by: string,
): Promise<PaymentNeedingAttention | null> {
  const [done] = await db
    .update(paymentsNeedingAttention)
    .set({ resolvedAt: new Date(), resolvedBy: by })
    .where(and(eq(paymentsNeedingAttention.id, id), isNull(paymentsNeedingAttention.resolvedAt)))
    .returning();
  return done ?? null;
}

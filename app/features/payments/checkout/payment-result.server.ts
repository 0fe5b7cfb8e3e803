import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { failCheckout, fulfilCheckout, checkoutBySession } from "./checkout.server";
import type { CheckoutSummaryLine } from "./checkout-data";
import { checkoutReference } from "./confirmation-email";
import { sandboxEnabled } from "../providers.server";
import { unpaidMessage } from "./unpaid";
import type { Order } from "~/db/schema";
import { eventTypeLabel } from "../memorial";

export type PaymentResult =
  | { state: "missing" }
  | { state: "processing" }
  /** The buyer finished the provider's page but the money is on its way (days): the page stops re-checking. */
  | { state: "delayed"; email: string }
  | {
      state: "success";
      /** The checkout paid (the page's route asks entry-changes for its entries link; never sent to the browser). */
      checkoutId: string;
      reference: string;
      email: string;
      total: number;
      lines: CheckoutSummaryLine[];
      kind: "shop" | "donation";
      test: boolean;
      /** The tournaments and schools of the entries paid (the page says what each school owes in judges). */
      entrySchools: EntrySchool[];
    }
  | { state: "failed"; message: string };

export const VERIFY_FAILED_MESSAGE = "We encountered an issue verifying your payment.";

/** A payment arrived that no order could take (decision 0024): staff were told; the payer must not pay again. */
export const NEEDS_ATTENTION_MESSAGE =
  "We received your payment, but could not match it to an open order, so your order was not completed automatically. Our staff have been notified and will contact you to complete it or refund you. Please do not pay again.";

const ATTENTION_REASONS = new Set(["paid_after_close", "amount_mismatch", "currency_mismatch", "session_mismatch"]);

/** A paid entry's tournament and school. */
export type EntrySchool = { tournamentKey: string; tournamentName: string; school: string; schoolCode: string | null };

/** The distinct tournament and school of each entry among `orders`. */
export function entrySchools(orders: Order[]): EntrySchool[] {
  const seen = new Map<string, EntrySchool>();
  for (const order of orders) {
    if (!order.tournamentKey || !order.studentName || !order.studentSchool) continue;
    const item = {
      tournamentKey: order.tournamentKey,
      tournamentName: order.tournamentName ?? "",
      school: order.studentSchool,
      schoolCode: order.registration?.schoolCode ?? null,
    };
    seen.set(`${item.tournamentKey}|${item.schoolCode ?? item.school.toLowerCase()}`, item);
  }
  return [...seen.values()];
}

export function summaryLines(orders: Order[]): CheckoutSummaryLine[] {
  return orders.map((line) => ({
    name: line.itemName,
    quantity: line.itemQuantity,
    amount: line.totalAmount,
    detail: [line.studentName, eventTypeLabel(line.eventType), line.tournamentName].filter(Boolean).join(", ") || null,
  }));
}

/**
 * /payment-success: asks the provider through the same fulfilCheckout the
 * webhook uses, so a lost webhook still completes the order and a reload
 * changes nothing.
 */
export async function verifyPayment(db: Database, sessionId: string | null): Promise<PaymentResult> {
  if (!sessionId) return { state: "missing" };
  try {
    const checkout = await checkoutBySession(db, sessionId);
    if (!checkout) return { state: "failed", message: VERIFY_FAILED_MESSAGE };
    const result = await fulfilCheckout(db, checkout.id);
    if (result.status === "processing") {
      return result.checkout.status === "processing"
        ? { state: "delayed", email: result.checkout.email }
        : { state: "processing" };
    }
    if (result.status === "failed") {
      const kind = result.checkout?.kind ?? "shop";
      const message = ATTENTION_REASONS.has(result.reason)
        ? NEEDS_ATTENTION_MESSAGE
        : result.reason === "declined" || result.reason === "async_payment_failed"
          ? unpaidMessage(kind, "declined")
          : result.reason === "expired" || result.reason === "released" || result.reason === "replaced"
            ? unpaidMessage(kind, "expired")
            : VERIFY_FAILED_MESSAGE;
      return { state: "failed", message };
    }
    return {
      state: "success",
      checkoutId: result.checkout.id,
      reference: checkoutReference(result.checkout),
      email: result.checkout.email,
      total: result.checkout.totalAmount,
      lines: summaryLines(result.orders),
      kind: result.checkout.kind,
      test: result.checkout.provider === "sandbox",
      entrySchools: entrySchools(result.orders),
    };
  } catch (error) {
    logger.error({ err: error, sessionId }, "payment verification failed");
    return { state: "failed", message: VERIFY_FAILED_MESSAGE };
  }
}

/** The sandbox's Pay and Decline (never when Stripe keys are set): through the same fulfilment as a webhook. */
export async function sandboxDecide(db: Database, sessionId: string, intent: "pay" | "decline") {
  if (!sandboxEnabled()) return { ok: false as const };
  const checkout = await checkoutBySession(db, sessionId);
  if (!checkout || checkout.provider !== "sandbox") return { ok: false as const };
  if (intent === "decline") {
    if (await failCheckout(db, checkout.id, "declined")) return { ok: true as const, checkout, paid: false };
    // Already closed: paid in another tab is a payment, not a decline.
    const now = await checkoutBySession(db, sessionId);
    return { ok: true as const, checkout, paid: now?.status === "completed" };
  }
  // The sandbox takes no money: Pay on a closed checkout is no payment to keep for staff.
  if (checkout.status === "failed") return { ok: true as const, checkout, paid: false };
  const result = await fulfilCheckout(db, checkout.id, {
    id: sessionId,
    status: "complete",
    paymentStatus: "paid",
    amountTotal: checkout.totalAmount,
    currency: checkout.currency,
    checkoutId: checkout.id,
  });
  return { ok: true as const, checkout, paid: result.status === "completed" };
}

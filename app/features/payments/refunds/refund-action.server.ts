import { randomBytes } from "node:crypto";
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/core/actor";
import { orders } from "~/db/schema";
import { eq } from "drizzle-orm";
import { isUuid } from "~/core/uuid";
import type { PendingRefund, RefundActionData, RefundTarget } from "./refund-dialog";
import { parseRefundForm, pendingRefunds, refundOrder, retryRefund } from "./refunds.server";

/** What a signed-in user who is not an admin is told (a user's dashboards are read-only). */
export const REFUND_ADMINS_ONLY = "Only administrators can refund payments.";

/**
 * The Refund action of /orders and /admin/donations (decision 0025): the route lets admins only through and reads
 * the form; here it is checked on the server, then refundOrder (or a pending refund's retry).
 */
export async function refundFromDashboard(db: Database, admin: Actor, form: FormData) {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const orderId = read("orderId") ?? "";
  if (read("intent") === "refund-retry") {
    // A refund whose answer from Stripe was lost (pending): asked again without ever refunding twice.
    const refundId = read("refundId") ?? "";
    if (!isUuid(refundId))
      return data<RefundActionData>(
        { refund: { ok: false, message: "This refund no longer exists.", orderId } },
        { status: 400 },
      );
    const outcome = await retryRefund(db, refundId);
    return data<RefundActionData>(
      { refund: { ok: outcome.ok, message: outcome.message, orderId } },
      { status: outcome.status },
    );
  }
  if (read("intent") !== "refund") {
    return data<RefundActionData>({ refund: { ok: false, message: "Unknown action.", orderId } }, { status: 400 });
  }
  const parsed = parseRefundForm(read);
  if (!parsed.ok)
    return data<RefundActionData>(
      { refund: { ok: false, message: parsed.message, orderId, field: parsed.field } },
      { status: 400 },
    );
  const outcome = await refundOrder(db, admin, parsed);
  return data<RefundActionData>(
    { refund: { ok: outcome.ok, message: outcome.message, orderId } },
    { status: outcome.status },
  );
}

/**
 * The loader's part: the order named by ?refund= (the no-JavaScript confirmation), a fresh key for the forms,
 * and, for admins, the refunds still waiting for Stripe's answer.
 */
export async function refundLoaderData(
  db: Database,
  url: URL,
  isAdmin: boolean,
  label: (order: typeof orders.$inferSelect) => string,
): Promise<{ refundKey: string; refundTarget: RefundTarget | null; pendingRefunds: PendingRefund[] }> {
  const refundKey = randomBytes(12).toString("base64url");
  const id = url.searchParams.get("refund") ?? "";
  const pending: PendingRefund[] = isAdmin
    ? (await pendingRefunds(db)).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    : [];
  if (!isAdmin || !isUuid(id)) return { refundKey, refundTarget: null, pendingRefunds: pending };
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || order.status !== "completed" || !order.checkoutId)
    return { refundKey, refundTarget: null, pendingRefunds: pending };
  return {
    refundKey,
    pendingRefunds: pending,
    refundTarget: {
      id: order.id,
      label: label(order),
      customerEmail: order.customerEmail,
      totalAmount: order.totalAmount,
      refundedAmount: order.refundedAmount,
      disputedAmount: order.disputedAmount,
      checkoutId: order.checkoutId,
    },
  };
}

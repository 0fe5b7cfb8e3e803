import { randomBytes } from "node:crypto";
import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { readForm } from "~/core/form.server";
import { getDb } from "~/db/context";
import { requireAdmin } from "~/features/accounts/guards.server";
import { orders } from "~/db/schema";
import { eq } from "drizzle-orm";
import { isUuid } from "~/core/uuid";
import type { PendingRefund, RefundActionData, RefundTarget } from "./refund-dialog";
import { parseRefundForm, pendingRefunds, refundOrder, retryRefund } from "./refunds.server";

/**
 * The Refund action of /orders and /admin/donations (decision 0025): admins only (a signed-in
 * user's dashboards are read-only), the form checked on the server, then refundOrder.
 */
export async function refundAction(request: Request, context: Readonly<RouterContextProvider>) {
  const admin = await requireAdmin(request, context, { message: "Only administrators can refund payments." });
  // Not a form (JSON, text, a broken body): 415/400/413 as every other action answers it.
  const form = await readForm(request);
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
    const outcome = await retryRefund(getDb(context), refundId);
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
  const outcome = await refundOrder(getDb(context), { id: admin.id, email: admin.email }, parsed);
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
  request: Request,
  context: Readonly<RouterContextProvider>,
  isAdmin: boolean,
  label: (order: typeof orders.$inferSelect) => string,
): Promise<{ refundKey: string; refundTarget: RefundTarget | null; pendingRefunds: PendingRefund[] }> {
  const refundKey = randomBytes(12).toString("base64url");
  const id = new URL(request.url).searchParams.get("refund") ?? "";
  const pending: PendingRefund[] = isAdmin
    ? (await pendingRefunds(getDb(context))).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    : [];
  if (!isAdmin || !isUuid(id)) return { refundKey, refundTarget: null, pendingRefunds: pending };
  const [order] = await getDb(context).select().from(orders).where(eq(orders.id, id));
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

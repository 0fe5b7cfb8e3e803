import { data, type RouterContextProvider } from "react-router";
import { z } from "~/core/zod";
import { formText, tryReadForm } from "~/core/form.server";
import { getDb } from "~/db/context";
import { cartItemCount, readCartId } from "~/features/shop/cart.server";
import { checkoutCart } from "./cart-checkout.server";
import { checkoutNotices, type CheckoutActionData } from "./checkout-data";
import { summaryLines } from "./payment-result.server";

const reply = (body: CheckoutActionData, status = 200) => data(body, { status });

/**
 * Proceed to Checkout: the email is the only thing read from the form; the
 * cart comes from its cookie and every price from the catalogue, so a
 * tampered post (prices, totals, product ids) changes nothing.
 */
export async function handleCheckout(request: Request, context: Readonly<RouterContextProvider>) {
  const read = await tryReadForm(request);
  if (!read.ok) return reply({ status: "error", title: "Checkout Error", message: read.message }, read.status);
  const db = getDb(context);
  // SPEC.md section 8's order: an empty cart first, then the email.
  const cartId = await readCartId(request);
  if (!cartId || (await cartItemCount(db, cartId)) === 0) return reply({ status: "error", ...checkoutNotices.emptyCart }, 400);
  const email = formText(read.form, "email").trim();
  if (!email) return reply({ status: "error", ...checkoutNotices.emailRequired }, 400);
  if (!z.email().safeParse(email).success || email.length > 254) {
    return reply({ status: "error", title: "Email Required", message: "Please enter a valid email address." }, 400);
  }

  const result = await checkoutCart(db, { cartId, email });
  if (!result.ok) {
    if (result.message === checkoutNotices.emptyCart.message) return reply({ status: "error", ...checkoutNotices.emptyCart }, 400);
    return reply({ status: "error", ...checkoutNotices.failed(result.message) }, result.status);
  }
  const lines = await db.query.orders.findMany({
    where: (table, { eq }) => eq(table.checkoutId, result.checkoutId),
    orderBy: (table, { asc }) => asc(table.createdAt),
  });
  return reply({
    status: "ready",
    url: result.url,
    email,
    total: lines.reduce((sum, line) => sum + line.totalAmount, 0),
    lines: summaryLines(lines),
  });
}

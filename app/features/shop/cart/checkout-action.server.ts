import { data, type RouterContextProvider } from "react-router";
import { z } from "~/core/zod";
import { formText, tryReadForm } from "~/core/form.server";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { retryAfterHeader, takeRateLimit } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/context";
import { waitText } from "~/features/accounts/sign-in/rate-limit.server";
import { readCartId } from "./cart-cookie.server";
import { cartItemCount } from "./cart-view.server";
import { checkoutCart } from "./cart-checkout.server";
import { checkoutNotices, type CheckoutActionData } from "~/features/payments/checkout/checkout-data";
import { summaryLines } from "~/features/payments/checkout/payment-result.server";

const reply = (body: CheckoutActionData, status = 200) => data(body, { status });

/** Checkout starts per client address and per cart (decision 0028); the settings are in docs/operations.md. */
export function checkoutRateLimits(config = env()) {
  return {
    perAddress: { max: config.CHECKOUT_RATE_LIMIT_MAX, windowSeconds: config.CHECKOUT_RATE_LIMIT_WINDOW_MINUTES * 60 },
    perCart: {
      max: config.CHECKOUT_CART_RATE_LIMIT_MAX,
      windowSeconds: config.CHECKOUT_CART_RATE_LIMIT_WINDOW_MINUTES * 60,
    },
  };
}

export const tooManyCheckouts = (retryAfterSeconds: number) => ({
  title: "Too Many Checkouts",
  message: `Too many checkouts were started from this cart or network. Please try again in ${waitText(retryAfterSeconds)}.`,
});

/**
 * Every Proceed to Checkout holds stock and, with Stripe, spends API calls, so
 * starts are counted per client address and per cart before any of that; a
 * refusal is a 429 with Retry-After and a message saying when to come back.
 * A limiter that cannot reach the database lets the buyer through (logged):
 * the checkout itself would fail just the same if the database were down.
 */
async function checkoutRateLimit(db: Database, context: Readonly<RouterContextProvider>, cartId: string) {
  const { clientAddress, requestId } = context.get(requestInfoContext);
  const rules = checkoutRateLimits();
  try {
    const verdicts = [
      await takeRateLimit(db, `checkout:cart:${cartId}`, rules.perCart),
      await takeRateLimit(db, `checkout:ip:${clientAddress ?? "unknown"}`, rules.perAddress),
    ];
    const refused = verdicts.find((verdict) => !verdict.allowed);
    if (!refused || refused.allowed) return null;
    logger.warn({ requestId }, "checkout rate limit reached");
    return data<CheckoutActionData>(
      { status: "error", ...tooManyCheckouts(refused.retryAfterSeconds) },
      { status: 429, headers: retryAfterHeader(refused) },
    );
  } catch (error) {
    logger.error({ err: error, requestId }, "checkout rate limit check failed");
    return null;
  }
}

/**
 * Proceed to Checkout: the email is the only thing read from the form; the
 * cart comes from its cookie and every price from the catalogue, so a
 * tampered post (prices, totals, product ids) changes nothing.
 */
export async function handleCheckout(request: Request, context: Readonly<RouterContextProvider>) {
  const read = await tryReadForm(request);
  if (!read.ok) return reply({ status: "error", title: "Checkout Error", message: read.message }, read.status);
  const db = getDb(context);
  // The order of docs/product.md#8-error-and-notice-texts: an empty cart first, then the email.
  const cartId = await readCartId(request);
  if (!cartId || (await cartItemCount(db, cartId)) === 0)
    return reply({ status: "error", ...checkoutNotices.emptyCart }, 400);
  const email = formText(read.form, "email").trim();
  if (!email) return reply({ status: "error", ...checkoutNotices.emailRequired }, 400);
  if (!z.email().safeParse(email).success || email.length > 254) {
    return reply({ status: "error", title: "Email Required", message: "Please enter a valid email address." }, 400);
  }

  const limited = await checkoutRateLimit(db, context, cartId);
  if (limited) return limited;

  const { clientAddress } = context.get(requestInfoContext);
  const result = await checkoutCart(db, { cartId, email, clientAddress });
  if (!result.ok) {
    if (result.message === checkoutNotices.emptyCart.message)
      return reply({ status: "error", ...checkoutNotices.emptyCart }, 400);
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

import { assignEntryCodes } from "~/db/entry-codes.server";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { linkToken, linkTokenHash } from "~/core/link-tokens.server";
import { logger } from "~/core/logger.server";
import type { Database, Transaction } from "~/db/client.server";
import { cartLines, checkouts, orders, products } from "~/db/schema";
import type { AttentionReason, Checkout, CheckoutKind, CheckoutStatus, NewOrder, Order } from "~/db/schema";
import { queueEmail } from "~/features/email/outbox.server";
import { recordPaymentAttention } from "../attention/attention.server";
import { chargeMinimumProblem } from "./charge-minimum";
import { fulfilmentEmails, shopReceiptLink, shopReceiptNotes } from "./fulfilment-emails.server";
import { releaseStock, reserveStock, settleReservations } from "~/features/products/holds/stock-reservations.server";
import type { CheckoutLineItem, ProviderSessionState } from "../provider";
import { paymentProvider } from "../providers.server";

export type { CheckoutLineItem } from "../provider";

/**
 * How long a checkout holds its stock; the provider's session is told the same deadline. Stripe requires
 * expires_at at least 30 minutes after the session's creation on its own clock, so the value is computed
 * just before the call, with 2 minutes' margin for latency and clock skew (decision 0024).
 */
export const CHECKOUT_TTL_MS = 32 * 60_000;

export type OpenCheckoutInput = {
  kind: CheckoutKind;
  email: string;
  cartId?: string | null;
  lineItems: CheckoutLineItem[];
  orders: Array<Omit<NewOrder, "id" | "checkoutId" | "status" | "createdAt">>;
  /** Stock to take from limited products; unlimited ones are skipped. */
  reservations?: Array<{ productId: string; quantity: number }>;
  details?: Record<string, unknown>;
  /** Where the provider's Cancel leads back to, e.g. "/fees#your-cart" or "/donate". */
  cancelPath: string;
  /** A monthly charge (a subscription at the provider), with metadata for its events. */
  recurring?: { metadata: Record<string, string> };
  /** The client address that started it: limited stock's hold cap counts one address's holds together (0038). */
  clientAddress?: string | null;
};

export type OpenCheckoutResult =
  { ok: true; checkoutId: string; url: string } | { ok: false; status: number; message: string };

/** A reason to stop a checkout inside its transaction: rolls everything back, answers with `message`. */
export class CheckoutStop extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

type Prepared = Omit<OpenCheckoutInput, "cancelPath"> & {
  /** Provider sessions of the open checkouts this one replaces (closed in the same transaction): expired after it commits. */
  replacedSessionIds?: string[];
};

/**
 * What `prepare` decides: a new checkout, an open one of the same buyer that still stands as it is, or a refusal
 * that keeps what `prepare` wrote (an open checkout it closed because it no longer passes): committed, then the
 * closed checkouts' provider sessions are expired and the buyer gets `message`.
 */
export type PreparedCheckout =
  | Prepared
  | { reuse: Checkout & { providerUrl: string } }
  | { refuse: { message: string; status: number; closedSessionIds: string[] } };

/**
 * The shared core of every checkout: `prepare` runs inside the transaction
 * (the shop re-reads its cart there) and may throw CheckoutStop. The
 * checkout row, its pending orders and the stock reservations are written
 * together or not at all; only then is the provider asked for a session.
 * When that fails, the checkout is marked failed and its stock released.
 */
export async function openCheckoutWith(
  db: Database,
  cancelPath: string,
  prepare: (tx: Transaction) => Promise<PreparedCheckout>,
): Promise<OpenCheckoutResult> {
  const provider = paymentProvider(db);
  let created:
    | {
        checkout: Checkout;
        lineItems: CheckoutLineItem[];
        replacedSessionIds: string[];
        recurring?: Prepared["recurring"];
      }
    | { reused: Checkout & { providerUrl: string } }
    | { refused: { message: string; status: number; closedSessionIds: string[] } };
  try {
    created = await db.transaction(async (tx) => {
      const input = await prepare(tx);
      if ("reuse" in input) return { reused: input.reuse };
      if ("refuse" in input) return { refused: input.refuse };
      const email = input.email.trim();
      if (!email) throw new CheckoutStop("Please enter your email address to continue.", 400);
      if (input.lineItems.length === 0 || input.orders.length === 0) {
        throw new CheckoutStop("Please add items to your cart before checkout.", 400);
      }
      for (const item of input.lineItems) {
        if (
          !Number.isInteger(item.unitAmount) ||
          item.unitAmount < 0 ||
          !Number.isInteger(item.quantity) ||
          item.quantity < 1
        ) {
          throw new CheckoutStop(`The amount of "${item.name}" is not valid.`, 400);
        }
      }
      const totalAmount = input.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
      // Decision 0025: nothing under what the provider can charge reaches a payment page.
      const tooSmall = chargeMinimumProblem(totalAmount, provider.name);
      if (tooSmall) throw new CheckoutStop(tooSmall, 400);
      const checkoutId = randomUUID();
      const [checkout] = await tx
        .insert(checkouts)
        .values({
          id: checkoutId,
          kind: input.kind,
          provider: provider.name,
          cartId: input.cartId ?? null,
          email,
          holderAddress: input.clientAddress ?? null,
          totalAmount,
          details: input.details ?? null,
          publicTokenHash: linkTokenHash(linkToken("receipt", checkoutId)),
          expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
        })
        .returning();
      await tx
        .insert(orders)
        .values(input.orders.map((order) => ({ ...order, checkoutId: checkout!.id, status: "pending" as const })));
      // In product-id order, so two carts holding the same products in another order never deadlock.
      const reservations = [...(input.reservations ?? [])].sort((a, b) =>
        a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
      );
      const holder = { checkoutId: checkout!.id, email, clientAddress: input.clientAddress ?? null };
      for (const { productId, quantity } of reservations) {
        const reserved = await reserveStock(tx, holder, productId, quantity);
        if (!reserved.ok) {
          const product = await tx.query.products.findFirst({ where: eq(products.id, productId) });
          const name = product?.name ?? "An item";
          if (reserved.why === "capped") {
            throw new CheckoutStop(
              reserved.held > 0
                ? `while stock is limited, one buyer can hold at most ${reserved.cap} of "${name}", and ${reserved.held} ${reserved.held === 1 ? "is" : "are"} already on hold for you in unpaid checkouts`
                : `while stock is limited, one order can hold at most ${reserved.cap} of "${name}"`,
            );
          }
          throw new CheckoutStop(
            product?.stockCount ? `only ${product.stockCount} of "${name}" left` : `"${name}" is sold out`,
          );
        }
      }
      return {
        checkout: checkout!,
        lineItems: input.lineItems,
        replacedSessionIds: input.replacedSessionIds ?? [],
        recurring: input.recurring,
      };
    });
  } catch (error) {
    if (error instanceof CheckoutStop) return { ok: false, status: error.status, message: error.message };
    // The unique index on a cart's open checkout: another Proceed to Checkout of the same cart won the race.
    if (isUniqueViolation(error, "checkouts_open_cart_id_key")) {
      return { ok: false, status: 409, message: "Your cart is already being checked out. Please try again." };
    }
    throw error;
  }
  if ("reused" in created) {
    const { reused } = created;
    return { ok: true, checkoutId: reused.id, url: reused.providerUrl };
  }
  if ("refused" in created) {
    await expireSessions(provider, created.refused.closedSessionIds, "a closed payment session");
    return { ok: false, status: created.refused.status, message: created.refused.message };
  }

  // A replaced session must not take a payment any more; if one slipped in first, fulfilment logs it for staff.
  await expireSessions(provider, created.replacedSessionIds, "a replaced payment session");
  const { checkout } = created;
  const base = env().PUBLIC_URL;
  try {
    // Computed now, after the commit and the replaced sessions' expiry, so the provider gets the full margin.
    const expiresAt = new Date(Date.now() + CHECKOUT_TTL_MS);
    expiresAt.setMilliseconds(0); // Stripe takes whole seconds; the hold ends at the same second
    const session = await provider.createSession({
      checkoutId: checkout.id,
      kind: checkout.kind,
      email: checkout.email,
      lineItems: created.lineItems,
      expiresAt,
      successUrl: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}${cancelPath}`,
      ...(created.recurring ? { recurring: created.recurring } : {}),
    });
    // The site's hold ends when the provider's session does.
    await db
      .update(checkouts)
      .set({ providerSessionId: session.id, providerUrl: session.url, expiresAt, updatedAt: new Date() })
      .where(eq(checkouts.id, checkout.id));
    return { ok: true, checkoutId: checkout.id, url: session.url };
  } catch (error) {
    logger.error({ err: error, checkoutId: checkout.id }, "payment session could not be created");
    await failCheckout(db, checkout.id, "start_failed");
    const message = error instanceof Error && error.message ? error.message : "Unknown error";
    return { ok: false, status: 502, message };
  }
}

/** Expires closed checkouts' sessions at the provider; a failure is logged (a payment that slips in needs staff). */
async function expireSessions(provider: ReturnType<typeof paymentProvider>, sessionIds: string[], what: string) {
  await Promise.all(
    sessionIds.map((sessionId) =>
      provider.expireSession(sessionId).catch((error: unknown) => {
        logger.warn({ err: error, sessionId }, `${what} could not be expired at the provider`);
      }),
    ),
  );
}

/** True for PostgreSQL's unique_violation on `constraint` (node-postgres and PGlite both carry code and constraint). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === "23505" && name === constraint) return true;
  }
  return false;
}

/**
 * Opens a checkout for prepared line items and orders (the donation form
 * uses this; the shop's cart checkout builds on openCheckoutWith).
 */
export function openCheckout(db: Database, input: OpenCheckoutInput): Promise<OpenCheckoutResult> {
  const { cancelPath, ...prepared } = input;
  return openCheckoutWith(db, cancelPath, async () => prepared);
}

/**
 * Inside a transaction: marks those of `checkoutIds` that are still in one
 * of `from` (open, by default) failed with `reason`, fails their orders and
 * gives their stock back. Forward only, so a second caller changes nothing.
 * Returns the ids it closed.
 */
export async function closeOpenCheckouts(
  tx: Transaction,
  checkoutIds: string[],
  reason: string,
  from: CheckoutStatus[] = ["open"],
): Promise<string[]> {
  if (checkoutIds.length === 0) return [];
  const closed = await tx
    .update(checkouts)
    .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
    .where(and(inArray(checkouts.id, checkoutIds), inArray(checkouts.status, from)))
    .returning({ id: checkouts.id });
  const ids = closed.map((row) => row.id);
  if (ids.length === 0) return ids;
  await tx.update(orders).set({ status: "failed" }).where(inArray(orders.checkoutId, ids));
  await releaseStock(tx, ids);
  return ids;
}

/**
 * Marks an open checkout failed (declined, expired, start_failed), its
 * orders failed, and gives its stock back; async_payment_failed also closes
 * a processing one. Only the first caller changes anything; later ones (and
 * a completed checkout) are no-ops.
 */
export async function failCheckout(db: Database, checkoutId: string, reason: string): Promise<boolean> {
  const from: CheckoutStatus[] = reason === "async_payment_failed" ? ["open", "processing"] : ["open"];
  return db.transaction(async (tx) => (await closeOpenCheckouts(tx, [checkoutId], reason, from)).length > 0);
}

/**
 * The buyer finished the provider's page but the money is on its way (a
 * delayed payment method): open -> processing. The stock stays held; the
 * sweep leaves it alone; the async events settle it.
 */
export async function markProcessing(db: Database, checkoutId: string): Promise<boolean> {
  const moved = await db
    .update(checkouts)
    .set({ status: "processing", updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open")))
    .returning({ id: checkouts.id });
  return moved.length > 0;
}

export type FulfilResult =
  | { status: "completed"; checkout: Checkout; orders: Order[] }
  | { status: "processing"; checkout: Checkout }
  | { status: "failed"; checkout: Checkout | null; reason: string };

async function loadOrders(db: Database | Transaction, checkoutId: string) {
  return db.query.orders.findMany({
    where: eq(orders.checkoutId, checkoutId),
    orderBy: (table, { asc }) => asc(table.createdAt),
  });
}

/** Money arrived that this checkout cannot take: kept for staff (decision 0024), never completed. */
async function needsAttention(
  db: Database,
  checkout: Checkout,
  state: ProviderSessionState,
  reason: AttentionReason,
): Promise<FulfilResult> {
  await recordPaymentAttention(db, {
    reason,
    provider: checkout.provider,
    sessionId: state.id,
    paymentId: state.paymentId ?? null,
    checkout,
    amount: state.amountTotal,
    currency: state.currency ?? null,
    email: state.email ?? checkout.email,
  });
  return { status: "failed", checkout, reason };
}

const MISMATCH_REASONS = new Set(["currency_mismatch", "amount_mismatch"]);

/**
 * Its own session was paid, but not as priced: kept for staff (refund, or honour by hand) and the checkout
 * closed, so the sweep stops asking the provider about it and its stock goes back.
 */
async function closeMismatched(
  db: Database,
  checkout: Checkout,
  state: ProviderSessionState,
  reason: "currency_mismatch" | "amount_mismatch",
): Promise<FulfilResult> {
  const result = await needsAttention(db, checkout, state, reason);
  await failCheckout(db, checkout.id, reason);
  return result;
}

/**
 * The one way a checkout becomes paid, for the webhook, the /payment-success
 * page, the sweep and the sandbox alike. It asks the provider (or takes the
 * state a verified webhook carried), checks the session, paid, currency and
 * amount, and then in one transaction flips the checkout from open (or
 * processing) to completed: the UPDATE ... WHERE status in (...) RETURNING
 * decides the single winner, who completes the orders, empties the cart and
 * queues the emails. Every other call, concurrent or later, returns the same
 * result without changing anything. A payment the checkout cannot take (it
 * closed first, or the session, currency or amount differ) is recorded as a
 * payment needing attention, once.
 */
export async function fulfilCheckout(
  db: Database,
  checkoutId: string,
  knownState?: ProviderSessionState,
): Promise<FulfilResult> {
  const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) });
  if (!checkout) return { status: "failed", checkout: null, reason: "not_found" };
  if (checkout.status === "completed")
    return { status: "completed", checkout, orders: await loadOrders(db, checkoutId) };

  let state = knownState;
  if (!state) {
    if (!checkout.providerSessionId) {
      return checkout.status === "failed"
        ? { status: "failed", checkout, reason: checkout.failureReason ?? "failed" }
        : { status: "processing", checkout };
    }
    if (checkout.status === "failed" && checkout.provider === "sandbox") {
      return { status: "failed", checkout, reason: checkout.failureReason ?? "failed" };
    }
    // A failed Stripe checkout is asked too: a payment that came after it closed must not read "expired, pay again".
    state = await paymentProvider(db).retrieveSession(checkout.providerSessionId);
  }
  if (state.checkoutId && state.checkoutId !== checkout.id) {
    logger.error({ checkoutId, sessionId: state.id }, "payment session belongs to another checkout");
    return { status: "failed", checkout, reason: "session_mismatch" };
  }
  const paid = state.paymentStatus === "paid";
  if (checkout.status === "failed" && MISMATCH_REASONS.has(checkout.failureReason ?? "")) {
    // Closed because its own payment did not match: recorded for staff then, not a payment after close.
    return { status: "failed", checkout, reason: checkout.failureReason! };
  }
  if (checkout.status === "failed") {
    // Paid after it expired, was declined or replaced: the stock may be gone, so a person decides (refund or honour).
    if (paid) await needsAttention(db, checkout, state, "paid_after_close");
    return { status: "failed", checkout, reason: paid ? "paid_after_close" : (checkout.failureReason ?? "failed") };
  }
  if (checkout.providerSessionId && state.id !== checkout.providerSessionId) {
    if (paid) return needsAttention(db, checkout, state, "session_mismatch");
    return { status: "failed", checkout, reason: "session_mismatch" };
  }
  if (!paid) {
    if (state.status === "expired") {
      // One line per checkout whose stock went back, whichever path found it expired (docs/operations.md, "Logs").
      if (await failCheckout(db, checkout.id, "expired"))
        logger.info({ checkoutId, sessionId: state.id }, "checkout expired; stock released");
      return { status: "failed", checkout, reason: "expired" };
    }
    // Complete but unpaid: a delayed payment method; the async events settle it.
    if (state.status === "complete" && checkout.status === "open" && (await markProcessing(db, checkout.id))) {
      logger.info({ checkoutId, sessionId: state.id }, "checkout processing: waiting for the delayed payment");
    }
    const now = await db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) });
    return { status: "processing", checkout: now ?? checkout };
  }
  if (state.currency && state.currency.toLowerCase() !== checkout.currency.toLowerCase()) {
    return closeMismatched(db, checkout, state, "currency_mismatch");
  }
  if (state.amountTotal !== checkout.totalAmount) {
    // Never complete an order for a different amount than the server priced; staff must look at it.
    logger.error(
      { checkoutId, sessionId: state.id, charged: state.amountTotal, expected: checkout.totalAmount },
      "paid amount differs from the checkout total; not fulfilled",
    );
    return closeMismatched(db, checkout, state, "amount_mismatch");
  }

  const won = await db.transaction(async (tx) => {
    const [completed] = await tx
      .update(checkouts)
      .set({ status: "completed", completedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(checkouts.id, checkout.id), inArray(checkouts.status, ["open", "processing"])))
      .returning();
    if (!completed) return null;
    const paidOrders = await tx
      .update(orders)
      .set({ status: "completed" })
      .where(eq(orders.checkoutId, checkout.id))
      .returning();
    paidOrders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // Paid tournament entries take their codes now, once (decision 0046): the confirmation below names them.
    const codes = await assignEntryCodes(
      tx,
      paidOrders.map((order) => order.tournamentKey),
    );
    for (const order of paidOrders) order.entryCode = codes.get(order.id) ?? order.entryCode;
    // The stock is sold now: the reservation rows go, the stock stays taken.
    await settleReservations(tx, checkout.id);
    if (completed.cartId) await tx.delete(cartLines).where(eq(cartLines.cartId, completed.cartId));
    const notes = completed.kind === "shop" ? await shopReceiptNotes(tx, paidOrders) : [];
    const link = completed.kind === "shop" ? await shopReceiptLink(tx, completed, paidOrders) : null;
    for (const message of fulfilmentEmails(completed, paidOrders, notes, link)) await queueEmail(tx, message);
    return { checkout: completed, orders: paidOrders };
  });
  if (won) {
    logger.info({ checkoutId, kind: won.checkout.kind, total: won.checkout.totalAmount }, "checkout fulfilled");
    return { status: "completed", ...won };
  }
  // Someone else finished first (or it failed meanwhile): answer with what is there now.
  return fulfilCheckout(db, checkoutId, state);
}

/** The checkout a provider session belongs to (the /payment-success page's session_id). */
export async function checkoutBySession(db: Database, sessionId: string) {
  return db.query.checkouts.findFirst({ where: eq(checkouts.providerSessionId, sessionId) });
}

/**
 * Expires open checkouts whose time passed that no provider has to be asked
 * about (the sandbox's, and any without a provider session): claims them
 * with FOR UPDATE SKIP LOCKED like the email outbox, so several instances
 * share the work, and gives their stock back in the same transaction.
 * `graceMs` leaves Stripe's own expiry event time to arrive. Stripe's are
 * settled by `settleStripeCheckouts` (sweep.server.ts), which asks Stripe.
 */
export async function expireCheckouts(db: Database, options: { batchSize?: number; graceMs?: number } = {}) {
  const cutoff = new Date(Date.now() - (options.graceMs ?? 0));
  const expired = await db.transaction(async (tx): Promise<string[]> => {
    const result = await tx.execute(sql`
      update ${checkouts}
         set status = 'failed', failure_reason = 'expired', updated_at = now()
       where id in (
         select id from ${checkouts}
          where status = 'open' and expires_at < ${cutoff}
            and (provider <> 'stripe' or provider_session_id is null)
          order by expires_at
          limit ${options.batchSize ?? 50}
          for update skip locked)
      returning id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    if (ids.length === 0) return [];
    await tx.update(orders).set({ status: "failed" }).where(inArray(orders.checkoutId, ids));
    await releaseStock(tx, ids);
    return ids;
  });
  // One line per checkout, so a payment's log can be followed by its checkout id (docs/operations.md, "Logs").
  for (const checkoutId of expired) logger.info({ checkoutId }, "checkout expired; stock released");
  return expired.length;
}

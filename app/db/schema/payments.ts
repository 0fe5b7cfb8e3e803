import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue";

export const CHECKOUT_KINDS = ["shop", "donation"] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];
/**
 * States only move forward: open -> completed | failed | processing, processing -> completed | failed.
 * processing: the buyer finished the provider's page but the money is still on its way (a delayed payment
 * method); never swept, settled by the provider's async events (decision 0024).
 */
export const CHECKOUT_STATUSES = ["open", "processing", "completed", "failed"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ["stripe", "sandbox"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * One attempt to pay: a shop cart or a donation, never both (docs/product.md#money).
 * Its orders rows point back here; fulfilment flips it from open exactly once.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: CHECKOUT_KINDS }).notNull(),
    status: text("status", { enum: CHECKOUT_STATUSES }).notNull().default("open"),
    /** Why a checkout failed: declined, expired, async_payment_failed, start_failed, replaced (by a newer checkout of its cart). */
    failureReason: text("failure_reason"),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text("provider_session_id").unique(),
    providerUrl: text("provider_url"),
    /** The cart to empty once paid (shop checkouts). */
    cartId: text("cart_id"),
    email: text("email").notNull(),
    totalAmount: integer("total_amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    /**
     * The client that started it (an IPv4 address, or an IPv6 /64: app/core/client-address.ts): the places of capped
     * tournament events one client may hold in unpaid checkouts are counted by it (decision 0042).
     */
    holderAddress: text("holder_address"),
    /** Kind-specific details (a donation's fee cover and tribute notice address). */
    details: jsonb("details").$type<Record<string, unknown>>(),
    /**
     * SHA-256 of the unguessable token of links in emails (a donation's printable receipt;
     * app/core/link-tokens.server.ts); the token itself is never stored.
     */
    publicTokenHash: text("public_token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("checkouts_total_amount_check", sql`total_amount >= 0`),
    check("checkouts_status_check", sql`status in ('open', 'processing', 'completed', 'failed')`),
    // The expiry sweep: open checkouts by their deadline.
    index("checkouts_open_expires_at_idx")
      .on(table.expiresAt)
      .where(sql`status = 'open'`),
    // One open checkout per cart, enforced by the database (decision 0024); also finds a cart's open checkout.
    uniqueIndex("checkouts_open_cart_id_key")
      .on(table.cartId)
      .where(sql`status = 'open'`),
  ],
);

/**
 * Stock taken from limited products for an open checkout. Releasing deletes
 * the rows (`delete ... returning`), so stock is given back exactly once.
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /**
     * The client address that started the checkout (decision 0038): a limited product's hold cap counts every
     * open hold of one address, or of one email, together. Null when the address was unknown.
     */
    holderAddress: text("holder_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.checkoutId, table.productId] }),
    check("stock_reservations_quantity_check", sql`quantity >= 1`),
    index("stock_reservations_product_id_idx").on(table.productId),
  ],
);

/** Each webhook event id is handled once; a repeated delivery is acknowledged and ignored. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ATTENTION_REASONS = [
  /** Paid after its checkout closed (expired, declined, replaced). */
  "paid_after_close",
  /** The amount charged is not the checkout's total. */
  "amount_mismatch",
  /** The currency charged is not the checkout's. */
  "currency_mismatch",
  /** The paid session is not the one stored for the checkout. */
  "session_mismatch",
  /** A refund at Stripe of money that matches no completed payment of ours (decision 0038). */
  "unmatched_refund",
  /** A dispute at Stripe of money that matches no completed payment of ours (decision 0038). */
  "unmatched_dispute",
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/**
 * Money that arrived where no order could take it (decision 0024): kept with
 * the provider's ids so staff can refund it or complete the order by hand.
 * One row per session and reason, however often the provider tells us.
 */
export const paymentsNeedingAttention = pgTable(
  "payments_needing_attention",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reason: text("reason", { enum: ATTENTION_REASONS }).notNull(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The payment session; for an unmatched refund or dispute, Stripe's refund (re_...) or dispute (dp_...) id. */
    providerSessionId: text("provider_session_id").notNull(),
    providerPaymentId: text("provider_payment_id"),
    checkoutId: uuid("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    /** Cents, as charged. */
    amount: integer("amount"),
    currency: text("currency"),
    email: text("email"),
    /** When staff marked it dealt with (refunded, or completed by hand), and who. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payments_needing_attention_session_reason_key").on(table.providerSessionId, table.reason),
    check(
      "payments_needing_attention_reason_check",
      sql`reason in ('paid_after_close', 'amount_mismatch', 'currency_mismatch', 'session_mismatch', 'unmatched_refund', 'unmatched_dispute')`,
    ),
  ],
);

export type PaymentNeedingAttention = typeof paymentsNeedingAttention.$inferSelect;
export type Checkout = typeof checkouts.$inferSelect;
export type NewCheckout = typeof checkouts.$inferInsert;

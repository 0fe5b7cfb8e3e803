import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalogue";

export const CHECKOUT_KINDS = ["shop", "donation"] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];
/** States only move forward: open -> completed, or open -> failed. */
export const CHECKOUT_STATUSES = ["open", "completed", "failed"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ["stripe", "sandbox"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * One attempt to pay: a shop cart or a donation, never both (DECISIONS.md).
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
    /** Kind-specific details (a donation's fee cover and tribute notice address). */
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** An unguessable token for links in emails (a donation's printable receipt). */
    publicToken: text("public_token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("checkouts_total_amount_check", sql`total_amount >= 0`),
    check("checkouts_status_check", sql`status in ('open', 'completed', 'failed')`),
    // The expiry sweep: open checkouts by their deadline.
    index("checkouts_open_expires_at_idx").on(table.expiresAt).where(sql`status = 'open'`),
    // A cart's open checkout (Proceed to Checkout, and the stock a cart's own checkout holds).
    index("checkouts_open_cart_id_idx").on(table.cartId).where(sql`status = 'open'`),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.checkoutId, table.productId] }),
    check("stock_reservations_quantity_check", sql`quantity >= 1`),
  ],
);

/** Each webhook event id is handled once; a repeated delivery is acknowledged and ignored. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Checkout = typeof checkouts.$inferSelect;
export type NewCheckout = typeof checkouts.$inferInsert;

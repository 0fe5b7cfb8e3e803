import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PAYMENT_PROVIDERS, checkouts } from "./payments";

/**
 * pending: opened, its first month not yet paid; active: charged every month; paused: the donor paused it
 * (no charge until resumed); past_due: the last renewal failed (the provider retries, the donor was asked to
 * update the card); canceled: ended for good.
 */
export const MONTHLY_GIFT_STATUSES = ["pending", "active", "paused", "past_due", "canceled"] as const;
export type MonthlyGiftStatus = (typeof MONTHLY_GIFT_STATUSES)[number];

/**
 * A monthly gift (decision 0033): the provider's subscription, as the donor set it up on /donate. Each paid
 * month becomes its own completed donation checkout and orders row (monthly_gift_payments ties them here).
 * The donor manages it without an account through the unguessable link in every monthly email (its hash: manage_token_hash).
 */
export const monthlyGifts = pgTable(
  "monthly_gifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe's sub_... (or the sandbox's sbx_sub_...); null until the first month is paid. */
    providerSubscriptionId: text("provider_subscription_id").unique(),
    /** Stripe's cus_..., for the billing portal (card changes). */
    providerCustomerId: text("provider_customer_id"),
    /** The checkout that set it up (its first month). */
    firstCheckoutId: uuid("first_checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Cents per month the donor gives; fee_cents (over 0 when they chose to cover the card fee) is added to it. */
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    /** The tribute and notify address, carried to every month (the donation feature's details shape). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: MONTHLY_GIFT_STATUSES }).notNull().default("pending"),
    /** SHA-256 of the manage link's token (app/core/link-tokens.server.ts); the token itself is never stored. */
    manageTokenHash: text("manage_token_hash").notNull().unique(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /**
     * When Stripe's subscription was in the state last applied here (the customer.subscription.updated event's
     * created time): an older event arriving later never overwrites a newer state (decision 0038).
     */
    providerStateAt: timestamp("provider_state_at", { withTimezone: true }),
    /** The last failed renewal the donor was told about ("invoice:attempt"), so each failure emails once. */
    lastFailureNotice: text("last_failure_notice"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("monthly_gifts_amount_check", sql`amount_cents >= 100 and fee_cents >= 0`),
    check("monthly_gifts_status_check", sql`status in ('pending', 'active', 'paused', 'past_due', 'canceled')`),
    index("monthly_gifts_status_idx").on(table.status, table.startedAt),
  ],
);

/**
 * One row per paid month, keyed by the provider's invoice id: the row, the month's donation checkout and its
 * orders row are written in one transaction, so however often and in whatever order the provider tells us,
 * a month is recorded (and its receipt queued) once.
 */
export const monthlyGiftPayments = pgTable(
  "monthly_gift_payments",
  {
    invoiceId: text("invoice_id").primaryKey(),
    monthlyGiftId: uuid("monthly_gift_id")
      .notNull()
      .references(() => monthlyGifts.id, { onDelete: "cascade" }),
    /** The completed donation checkout holding this month's orders row and receipt. */
    checkoutId: uuid("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    /**
     * The month's money at Stripe: the invoice's PaymentIntent (pi_...) and its charge (ch_...), so a refund or
     * dispute of that month (ours, or made in Stripe's dashboard) finds its donation (decision 0038). Null for
     * the sandbox, and until Stripe has told us.
     */
    paymentIntentId: text("payment_intent_id").unique(),
    chargeId: text("charge_id").unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("monthly_gift_payments_gift_idx").on(table.monthlyGiftId, table.paidAt),
    // The finance page tells a monthly gift's month from a one-time gift by its checkout (decision 0053).
    index("monthly_gift_payments_checkout_id_idx").on(table.checkoutId),
  ],
);

export type MonthlyGift = typeof monthlyGifts.$inferSelect;
export type MonthlyGiftPayment = typeof monthlyGiftPayments.$inferSelect;

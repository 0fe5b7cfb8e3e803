import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { checkouts } from "./payments";

/**
 * Stripe's refund statuses; "requested" is ours: saved before the API call, so a refund is never
 * lost between the call and its answer. failed and canceled are final and count nothing.
 */
export const REFUND_STATUSES = ["requested", "pending", "requires_action", "succeeded", "failed", "canceled"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_SOURCES = ["staff", "provider"] as const;

/** Cents of a refund or dispute per order id: how it was spread over a checkout's orders. */
export type Allocation = Record<string, number>;

/**
 * Money given back for a checkout (decision 0025): a staff refund from the dashboards, or one made
 * in Stripe's dashboard and learnt from a webhook. Keyed for exactly-once by the provider's refund
 * id and by the staff form's one-time key. While counted (not failed or canceled) its allocation
 * is added to orders.refunded_amount, in the same transaction as any change of status.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stripe's re_... (or the sandbox's sbx_re_...); null while the call is on its way. */
    providerRefundId: text("provider_refund_id").unique(),
    /** The staff form's one-time key: a repeated submit finds this row instead of refunding again. */
    requestKey: text("request_key").unique(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    /** The order staff refunded; null when it came from the provider for the whole payment. No foreign key, like
     * the allocation's ids: the refund stays what it was whatever happens to the rows (the tally test truncates orders). */
    orderId: uuid("order_id"),
    amount: integer("amount").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull(),
    source: text("source", { enum: REFUND_SOURCES }).notNull(),
    reason: text("reason"),
    actorEmail: text("actor_email"),
    allocation: jsonb("allocation").$type<Allocation>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("refunds_amount_check", sql`amount > 0`),
    index("refunds_checkout_id_idx").on(table.checkoutId),
    // The finance page's ledger (decision 0053): a period's refunds, on the day each was made.
    index("refunds_created_at_idx").on(table.createdAt),
  ],
);

/**
 * A payer's bank disputing a charge (charge.dispute.created), once per dispute id, and how it ended
 * (charge.dispute.closed: status won, lost or warning_closed; decision 0038).
 */
export const disputes = pgTable(
  "disputes",
  {
    id: text("id").primaryKey(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason"),
    status: text("status").notNull(),
    allocation: jsonb("allocation").$type<Allocation>().notNull(),
    /** Stripe's dispute fees in cents (the sum of the dispute's balance transactions' fees), as last reported. */
    fee: integer("fee").notNull().default(0),
    /** When Stripe said it closed. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("disputes_amount_check", sql`amount > 0`), index("disputes_checkout_id_idx").on(table.checkoutId)],
);

export type Refund = typeof refunds.$inferSelect;
export type Dispute = typeof disputes.$inferSelect;

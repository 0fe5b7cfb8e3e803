import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { RegistrationData } from "../registration-data";
import { campaigns } from "./giving-campaign";
import { checkouts } from "./payments";

export const ORDER_STATUSES = ["completed", "pending", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * One line of a purchase or a donation (docs/product.md#3-entities-and-their-fields, table orders).
 * Money is integer cents. Donations are rows whose item_name contains
 * "Donation"; a memorial gift keeps "memory:..." or "honor:..." in event_type.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    itemName: text("item_name").notNull(),
    itemDescription: text("item_description"),
    itemQuantity: integer("item_quantity").notNull().default(1),
    studentName: text("student_name"),
    studentSchool: text("student_school"),
    tournamentName: text("tournament_name"),
    tournamentDate: text("tournament_date"),
    eventType: text("event_type"),
    totalAmount: integer("total_amount").notNull(),
    customerEmail: text("customer_email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    /** The checkout that created this row (null for rows made before online checkout). */
    checkoutId: uuid("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    /** The catalogue product sold; no foreign key, since a deleted product leaves its orders intact. */
    productId: uuid("product_id"),
    /** The registration details as entered (the named columns above hold the ones docs/product.md lists). */
    registration: jsonb("registration").$type<RegistrationData>(),
    /** Cents given back to the payer (refunds table, decision 0025); what the district kept is total - refunded - disputed. */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /**
     * Cents the payer's bank has disputed (disputes table) and not given back: open disputes and lost ones. A won
     * dispute's cents come off again (the money stays the district's).
     */
    disputedAmount: integer("disputed_amount").notNull().default(0),
    /** Of disputed_amount, the cents of disputes that closed lost (decision 0038): gone for good. */
    disputeLostAmount: integer("dispute_lost_amount").notNull().default(0),
    /** The campaign a gift was given through (decision 0035); set by the server from a checked slug. */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /** A tournament entry's tournament identity (app/db/tournament-key.ts, decision 0040); null for other orders. */
    tournamentKey: text("tournament_key"),
    /** When staff dropped the entry from its tournament (DROP on the roster); a dropped entry holds no place. */
    droppedAt: timestamp("dropped_at", { withTimezone: true }),
    /**
     * A tournament entry's code (decision 0046): given once, when the entry is paid, from its tournament's counter
     * (tournament_entry_codes), in the order the entries were added; never changed by a drop, decline or refund.
     */
    entryCode: integer("entry_code"),
  },
  (table) => [
    index("orders_checkout_id_idx").on(table.checkoutId),
    // The few orders that lost a dispute, for the dashboards' "lost in disputes" figures.
    index("orders_dispute_lost_idx")
      .on(table.createdAt)
      .where(sql`dispute_lost_amount > 0`),
    check("orders_status_check", sql`status in ('completed', 'pending', 'failed')`),
    check("orders_total_amount_check", sql`total_amount >= 0`),
    check("orders_item_quantity_check", sql`item_quantity >= 1`),
    check("orders_refunded_amount_check", sql`refunded_amount >= 0 and refunded_amount <= total_amount`),
    check("orders_disputed_amount_check", sql`disputed_amount >= 0 and disputed_amount <= total_amount`),
    // The orders dashboard: completed orders, newest first, optionally by tournament or event.
    index("orders_status_created_at_idx").on(table.status, table.createdAt.desc().nullsFirst()),
    index("orders_status_tournament_idx").on(table.status, table.tournamentName, table.createdAt.desc().nullsFirst()),
    index("orders_status_event_type_idx").on(table.status, table.eventType, table.createdAt.desc().nullsFirst()),
    // The student search reads the orders of the names it found in order_students.
    index("orders_student_name_idx").on(table.studentName),
    // The event choices of the orders dashboard: competition events only (no memorial gift's "memory:...").
    index("orders_entry_event_type_idx")
      .on(table.eventType)
      .where(sql`status = 'completed' and item_name not ilike '%donation%'`),
    // The donations dashboard: its predicate matches this partial index exactly.
    index("orders_donations_created_at_idx")
      .on(table.createdAt.desc().nullsFirst())
      .where(sql`status = 'completed' and item_name ilike '%donation%'`),
    // A campaign's progress: its tagged gifts.
    index("orders_campaign_id_idx")
      .on(table.campaignId)
      .where(sql`campaign_id is not null`),
    // A tournament's entries and the places its capped events hold (app/features/tournaments).
    index("orders_tournament_key_idx")
      .on(table.tournamentKey, table.eventType)
      .where(sql`tournament_key is not null`),
    // The finance page's drops of a period (decision 0053): the few dropped entries, by when they were dropped.
    index("orders_dropped_at_idx")
      .on(table.droppedAt)
      .where(sql`dropped_at is not null`),
    // An entry code is its tournament's once.
    uniqueIndex("orders_tournament_entry_code_key")
      .on(table.tournamentKey, table.entryCode)
      .where(sql`entry_code is not null`),
    // Also, written by hand in later migrations (they need the pg_trgm extension first):
    // orders_donor_email_trgm_idx (donations only; 0007) and, on order_students, order_students_name_trgm_idx (0009),
    // GIN trigram indexes for the dashboards' substring searches (student name, donor email).
  ],
);

/**
 * Running counts and sums of orders per dashboard group, kept by a trigger on
 * `orders` (migrations 0005 and 0009), so the dashboards' totals, entry counts and
 * donation cards read a few hundred tally rows instead of every order on each
 * page view. One row per combination of the columns below; `month` is the
 * New York calendar month of a donation's `created_at` ("2026-11"), and ""
 * for other orders (only the donations chart groups by month). Never written
 * by the application.
 */
export const orderTallies = pgTable(
  "order_tallies",
  {
    status: text("status").notNull(),
    /** item_name contains "donation" (the donations dashboard's rule). */
    donation: boolean("donation").notNull(),
    tournamentName: text("tournament_name"),
    tournamentDate: text("tournament_date"),
    /** The competition event; null for donations (a gift's "memory:..." would make a group per gift). */
    eventType: text("event_type"),
    /** student_name is set: with a tournament and an event, the row is a tournament entry. */
    hasStudent: boolean("has_student").notNull(),
    month: text("month").notNull(),
    orderCount: integer("order_count").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** Of `amount`, refunded and disputed (orders.refunded_amount, disputed_amount; migration of decision 0025). */
    refundedAmount: bigint("refunded_amount", { mode: "number" }).notNull().default(0),
    disputedAmount: bigint("disputed_amount", { mode: "number" }).notNull().default(0),
    /** Orders refunded whole (refunded_amount = total_amount > 0): the entries view says how many were withdrawn. */
    refundedCount: integer("refunded_count").notNull().default(0),
  },
  (table) => [
    unique("order_tallies_group_key")
      .on(
        table.status,
        table.donation,
        table.tournamentName,
        table.tournamentDate,
        table.eventType,
        table.hasStudent,
        table.month,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * Every student name on an order, with how many orders carry it, kept by the
 * same triggers as order_tallies (migration 0009). The student search looks
 * names up here (thousands of names, not every order) through a trigram index,
 * then reads their orders by name (decision 0011).
 */
export const orderStudents = pgTable("order_students", {
  studentName: text("student_name").primaryKey(),
  orderCount: integer("order_count").notNull(),
});

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

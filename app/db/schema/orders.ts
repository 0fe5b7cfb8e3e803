import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const ORDER_STATUSES = ["completed", "pending", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * One line of a purchase or a donation (SPEC.md section 3, table orders).
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
  },
  (table) => [
    check("orders_status_check", sql`status in ('completed', 'pending', 'failed')`),
    check("orders_total_amount_check", sql`total_amount >= 0`),
    check("orders_item_quantity_check", sql`item_quantity >= 1`),
    // The orders dashboard: completed orders, newest first, optionally by tournament or event.
    index("orders_status_created_at_idx").on(table.status, table.createdAt.desc().nullsFirst()),
    index("orders_status_tournament_idx").on(table.status, table.tournamentName, table.createdAt.desc().nullsFirst()),
    index("orders_status_event_type_idx").on(table.status, table.eventType, table.createdAt.desc().nullsFirst()),
    // The event choices of the orders dashboard: competition events only (no memorial gift's "memory:...").
    index("orders_entry_event_type_idx")
      .on(table.eventType)
      .where(sql`status = 'completed' and item_name not ilike '%donation%'`),
    // The donations dashboard: its predicate matches this partial index exactly.
    index("orders_donations_created_at_idx")
      .on(table.createdAt.desc().nullsFirst())
      .where(sql`status = 'completed' and item_name ilike '%donation%'`),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A named fundraising drive with a goal (decision 0035). Gifts made through it
 * carry its id in `orders.campaign_id`; its progress is read from those orders
 * (what the district kept of the completed ones), never stored here. Dates are
 * New York calendar days, both included.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The address part: /donate?campaign=<slug>. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** Integer cents, above zero. */
    goalCents: integer("goal_cents").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    story: text("story").notNull(),
    /** A stored image's 640 px URL (/product-images/...), as for products; null shows no picture. */
    imageUrl: text("image_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("campaigns_slug_key").on(table.slug),
    check("campaigns_goal_cents_check", sql`goal_cents > 0`),
    check("campaigns_dates_check", sql`ends_on >= starts_on`),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Who sent a giving summary: the January job, the donor's own request on /donate, or staff from the admin. */
export const GIVING_SUMMARY_SOURCES = ["job", "request", "staff"] as const;
export type GivingSummarySource = (typeof GIVING_SUMMARY_SOURCES)[number];

/**
 * Every year-end giving summary queued for a donor (decision 0034), with the figures it carried so a later
 * send can tell whether it corrects an earlier one. The January job claims its one row per (email, year)
 * with insert ... on conflict do nothing in the transaction that queues the email, so several instances
 * send it once. A job row with gift_count 0 and no email_id: the donor's gifts were all refunded by then.
 */
export const givingSummaries = pgTable(
  "giving_summaries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The donor's address, trimmed and lower-cased. */
    email: text("email").notNull(),
    year: integer("year").notNull(),
    source: text("source", { enum: GIVING_SUMMARY_SOURCES }).notNull(),
    giftCount: integer("gift_count").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The outbox row of the email; null when there was nothing to send. */
    emailId: uuid("email_id"),
    /** The staff member who sent it (source staff). */
    actorEmail: text("actor_email"),
    /** It replaced an earlier summary for the same year with different figures. */
    corrected: boolean("corrected").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("giving_summaries_source_check", sql`source in ('job', 'request', 'staff')`),
    // The January job's claim: once per donor and year, whatever the number of instances.
    uniqueIndex("giving_summaries_job_key")
      .on(table.email, table.year)
      .where(sql`source = 'job'`),
    index("giving_summaries_email_year_idx").on(table.email, table.year, table.createdAt),
    index("giving_summaries_created_at_idx").on(table.createdAt.desc()),
  ],
);

export type GivingSummaryRow = typeof givingSummaries.$inferSelect;

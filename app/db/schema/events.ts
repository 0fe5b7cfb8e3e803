import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { CalendarEvent, Legend } from "../calendar-event";

/**
 * The last good copy of the published events sheet, one row per sheet
 * address, so a restart or a sheet outage still serves the schedule.
 */
export const eventsSheetCache = pgTable("events_sheet_cache", {
  source: text("source").primaryKey(),
  events: jsonb("events").$type<CalendarEvent[]>().notNull(),
  legend: jsonb("legend").$type<Legend>().notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

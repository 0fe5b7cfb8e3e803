import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Facts about the database itself, such as when demo content was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

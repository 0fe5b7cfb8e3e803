import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Contact submissions (docs/product.md#3-entities-and-their-fields, table contact_us). */
export const contactUs = pgTable(
  "contact_us",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    school: text("school"),
    email: text("email").notNull(),
    phone: text("phone"),
    inquiryPurpose: text("inquiry_purpose").notNull(),
    comment: text("comment").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When staff marked the message handled (dashboards), and by whom. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by"),
  },
  (table) => [index("contact_us_created_at_idx").on(table.createdAt)],
);

export type ContactSubmission = typeof contactUs.$inferSelect;

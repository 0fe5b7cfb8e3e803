import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The email outbox (docs/product.md#beyond-the-original: email is never lost). A message is written
 * here, in the same transaction as whatever caused it, and the outbox worker
 * delivers it with retries.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Recipients, comma-separated. */
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    replyTo: text("reply_to"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * The worker's claim: set with the lease, and every update of a claimed
     * row checks it, so a worker whose lease ran out cannot overwrite another's.
     */
    claimToken: uuid("claim_token"),
    /** The message's Message-ID header, fixed when queued, so a rare duplicate send is recognisable. */
    messageId: text("message_id"),
    /** Holds a one-time link (password reset): its text is removed once sent. */
    sensitive: boolean("sensitive").notNull().default(false),
    /**
     * The private parts of a message kept for its delivery log (a donor's receipt or manage link token): blanked in
     * its text and HTML once sent, then cleared, so the 90 days' log and its backups hold no working link.
     */
    secrets: text("secrets").array(),
  },
  (table) => [index("email_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The one table of the site's rate limiter (app/db/rate-limit.server.ts):
 * a fixed-window counter per key, plus a failure streak for keys that slow
 * down guessing (sign-in). Keys are stored as SHA-256 hashes, so no address
 * or IP is kept. In the database so every instance shares the counts.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    /** sha256 of "<purpose>:<subject>", for example of "sign-in:ip:203.0.113.9". */
    key: text("key").primaryKey(),
    hits: integer("hits").notNull().default(0),
    /** When the current window ends; the next hit after it starts a new one. */
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
    /** Failures in a row; a success clears them. */
    failures: integer("failures").notNull().default(0),
    /** Set by a failure streak: no attempt before this moment. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (table) => [index("rate_limits_reset_at_idx").on(table.resetAt)],
);

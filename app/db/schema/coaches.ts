import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * A coach's member schools (app/features/coaches, decision 0054): one row per account and school code (the roster
 * code of app/features/tournaments/schools.ts, which entries carry as registration->>'schoolCode'). A coach reads
 * the entries whose current code is one of theirs, and nothing else.
 */
export const coachSchools = pgTable(
  "coach_schools",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    schoolCode: text("school_code").notNull(),
    /** The school's name when the coach was given it, to name a code the content no longer has. */
    schoolName: text("school_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.schoolCode] }),
    index("coach_schools_code_idx").on(table.schoolCode),
  ],
);

export const COACH_INVITATION_STATUSES = ["pending", "accepted", "revoked"] as const;
export type CoachInvitationStatus = (typeof COACH_INVITATION_STATUSES)[number];

/**
 * An invitation to coach one or more member schools (decision 0054): the link in its email is single-use and works
 * for 7 days; only the SHA-256 of its token is kept (app/core/link-tokens.server.ts). A resend revokes the pending
 * invitation and makes a new one; accepting creates the account (or gives an existing coach the schools).
 */
export const coachInvitations = pgTable(
  "coach_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    schools: jsonb("schools").$type<Array<{ code: string; name: string }>>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    status: text("status", { enum: COACH_INVITATION_STATUSES }).notNull().default("pending"),
    invitedBy: text("invited_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("coach_invitations_status_check", sql`status in ('pending', 'accepted', 'revoked')`),
    index("coach_invitations_email_idx").on(table.email),
  ],
);

export type CoachInvitation = typeof coachInvitations.$inferSelect;

import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** How families' changes to their entries apply (decision 0047). */
export const FAMILY_CHANGE_MODES = ["at-once", "approval"] as const;
export type FamilyChangeMode = (typeof FAMILY_CHANGE_MODES)[number];

/**
 * Staff settings of one tournament of the published sheet (app/features/tournaments, decision 0040). Keyed by
 * the tournament's identity, "<date>|<normalised title>" (tournamentKey in app/db/tournament-key.ts), not by the
 * sheet's row id, which shifts when a row is inserted. A tournament without a row has the defaults: open now,
 * closing a set number of days before its date, every event offered, no caps. A row whose key the sheet no
 * longer has is "orphaned" and shown to staff as such.
 */
export const tournamentSettings = pgTable(
  "tournament_settings",
  {
    key: text("key").primaryKey(),
    /** The title and date as last saved, to name an orphaned row. */
    title: text("title").notNull(),
    date: text("date").notNull(),
    /**
     * Whether the tournament takes entries on this site (decision 0051): staff's choice; null: the default rule
     * (a competition of the sheet takes them, a camp, practice, workshop, night or ceremony does not).
     */
    registrationOpen: boolean("registration_open"),
    /** First day (YYYY-MM-DD, district time) registration is open; null: open now. */
    opensOn: text("opens_on"),
    /** Last day (YYYY-MM-DD, district time) registration is open; null: the default days before the date. */
    closesOn: text("closes_on"),
    /** The competition events offered; null: the tournament type's events (decision 0051). */
    events: jsonb("events").$type<string[]>(),
    /** Entry cap per competition event (an event not named has none). */
    caps: jsonb("caps").$type<Record<string, number>>().notNull().default({}),
    /**
     * Refund policy for drops (decision 0048): the last day (YYYY-MM-DD, district time, inclusive) a drop refunds the
     * whole fee; null: the day registration closes.
     */
    refundFullUntil: text("refund_full_until"),
    /** Cents a drop refunds after refund_full_until (capped at what is left of the fee); null: nothing. */
    refundAfterCents: integer("refund_after_cents"),
    /** Each event's abbreviation as the tournament's Tabroom names it (decision 0046); an event not named has the default. */
    abbreviations: jsonb("abbreviations").$type<Record<string, string>>().notNull().default({}),
    /** Registration asks each student whether they are a novice (Tabroom's Novice column). */
    askNovice: boolean("ask_novice").notNull().default(false),
    /** Registration asks each student's own email (Tabroom links it to the student's account). */
    askStudentEmail: boolean("ask_student_email").notNull().default(false),
    /**
     * How a family's change through its entries link applies (decision 0047): "at-once", or "approval" (held as a
     * pending entry_changes row until staff approve it on the tournament page). Drops apply at once either way.
     */
    familyChanges: text("family_changes", { enum: FAMILY_CHANGE_MODES }).notNull().default("at-once"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  () => [
    check(
      "tournament_settings_refund_check",
      sql`(refund_full_until is null or refund_full_until ~ '^\\d{4}-\\d{2}-\\d{2}$') and (refund_after_cents is null or refund_after_cents >= 0)`,
    ),
    check("tournament_settings_opens_on_check", sql`opens_on is null or opens_on ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check("tournament_settings_closes_on_check", sql`closes_on is null or closes_on ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check("tournament_settings_family_changes_check", sql`family_changes in ('at-once', 'approval')`),
  ],
);

export type TournamentSettings = typeof tournamentSettings.$inferSelect;

/**
 * The last entry code a tournament gave (decision 0046): a paid entry takes the next one, under this row's lock, so
 * two payments never take the same code and a code is never given again.
 */
export const tournamentEntryCodes = pgTable("tournament_entry_codes", {
  tournamentKey: text("tournament_key").primaryKey(),
  lastCode: integer("last_code").notNull(),
});

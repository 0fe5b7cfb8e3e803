import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** The judge categories a tournament's obligations are counted in (app/features/judges, decision 0045). */
export const JUDGE_CATEGORIES = ["debate", "speech", "congress"] as const;
export type JudgeCategory = (typeof JUDGE_CATEGORIES)[number];

/** pending: named, not yet confirmed by the link; confirmed: the judge said yes; withdrawn: the judge stepped back. */
export const JUDGE_STATUSES = ["pending", "confirmed", "withdrawn"] as const;
export type JudgeStatus = (typeof JUDGE_STATUSES)[number];

/**
 * Who vouched that a judge is the school's (decision 0049): `family`, named through the school's own registration
 * (the payment result or the family's entries link, which carry the school); `staff`, accepted on the pool page;
 * `coach`, a school's coach (a later issue). Null: named on the open form for a school, waiting for the school.
 */
export const JUDGE_VOUCHERS = ["family", "staff", "coach"] as const;
export type JudgeVoucher = (typeof JUDGE_VOUCHERS)[number];

/**
 * A judge named on the public judge form (app/features/judges, decision 0045): for one tournament (its key,
 * app/db/tournament-key.ts) or, with a null key, a volunteer for any tournament that staff assign later. The judge
 * confirms and withdraws through the unguessable link in the confirmation email; only its hash is kept.
 */
export const judges = pgTable(
  "judges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The tournament's key; null: "any tournament" (a volunteer staff have not assigned yet). */
    tournamentKey: text("tournament_key"),
    /** The tournament's title and date when named or assigned, for the emails and lists. */
    tournamentTitle: text("tournament_title"),
    tournamentDate: text("tournament_date"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** The school the judge counts for, as named (a member school's name, or a typed one). */
    school: text("school").notNull(),
    /** The member school's roster code; null for a school typed under "Other" (hired or unaffiliated). */
    schoolCode: text("school_code"),
    categories: jsonb("categories").$type<JudgeCategory[]>().notNull(),
    /**
     * The one category whose Tabroom file lists the judge (decision 0049): the first they chose; staff can move them.
     * Tabroom creates a judge per row of each upload, so a judge in two files would be two judges.
     */
    fileCategory: text("file_category", { enum: JUDGE_CATEGORIES }).notNull(),
    /** Other names the same email was named under ("First Last"), for staff to see. */
    otherNames: jsonb("other_names").$type<string[]>().notNull().default([]),
    /** Who vouched that the judge is the school's (JUDGE_VOUCHERS); null: waiting for the school. */
    vouchedBy: text("vouched_by", { enum: JUDGE_VOUCHERS }),
    vouchedAt: timestamp("vouched_at", { withTimezone: true }),
    note: text("note"),
    status: text("status", { enum: JUDGE_STATUSES }).notNull().default("pending"),
    /** SHA-256 of the link's token (app/core/link-tokens.server.ts); the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    assignedBy: text("assigned_by"),
  },
  (table) => [
    check("judges_status_check", sql`status in ('pending', 'confirmed', 'withdrawn')`),
    check("judges_file_category_check", sql`file_category in ('debate', 'speech', 'congress')`),
    check("judges_vouched_by_check", sql`vouched_by is null or vouched_by in ('family', 'staff', 'coach')`),
    index("judges_tournament_idx").on(table.tournamentKey, table.status),
    // One judge per person per tournament (an "any tournament" volunteer too): the same email, any case.
    uniqueIndex("judges_person_idx").on(sql`coalesce(${table.tournamentKey}, '')`, sql`lower(${table.email})`),
  ],
);

export type Judge = typeof judges.$inferSelect;

/**
 * A tournament's judge settings (decision 0045); no row: the defaults. Kept apart from tournament_settings, whose
 * form is about registration.
 */
export const tournamentJudgeSettings = pgTable(
  "tournament_judge_settings",
  {
    key: text("key").primaryKey(),
    /** Entries one judge covers, per category. */
    entriesPerJudge: jsonb("entries_per_judge").$type<Record<JudgeCategory, number>>().notNull(),
    /** Judges one paid Judge Fee covers. */
    judgesPerFee: integer("judges_per_fee").notNull(),
    /** Tabroom's Rounds Obligated for every judge of the file; null: left empty. */
    roundsObligated: integer("rounds_obligated"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  () => [
    check(
      "tournament_judge_settings_numbers_check",
      sql`judges_per_fee >= 0 and (rounds_obligated is null or rounds_obligated >= 0)`,
    ),
  ],
);

export type TournamentJudgeSettings = typeof tournamentJudgeSettings.$inferSelect;

import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { checkouts } from "./payments";

/**
 * The private link to one paid checkout's tournament entries (decision 0047): /entries/<token>. The token is
 * linkToken("entries", id) (app/core/link-tokens.server.ts); only its SHA-256 hash is kept, so a copy of the
 * database opens no link, and the server writes the same link again when a family asks for it.
 */
export const entryLinks = pgTable("entry_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  checkoutId: uuid("checkout_id")
    .notNull()
    .unique()
    .references(() => checkouts.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ENTRY_CHANGE_ACTORS = ["family", "staff"] as const;
export type EntryChangeActor = (typeof ENTRY_CHANGE_ACTORS)[number];

/** applied: on the entry; pending: waiting for staff (the tournament's family_changes is "approval"); declined. */
export const ENTRY_CHANGE_STATUSES = ["applied", "pending", "declined"] as const;
export type EntryChangeStatus = (typeof ENTRY_CHANGE_STATUSES)[number];

/**
 * An entry's history (decision 0047): every change to a tournament entry, by its family's link or by staff, with
 * what changed (`change`, structured; `summary`, the sentence people read) and when. A change waiting for staff
 * approval is a pending row; approving applies it and marks it applied.
 */
export const entryChanges = pgTable(
  "entry_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tournamentKey: text("tournament_key").notNull(),
    actorKind: text("actor_kind", { enum: ENTRY_CHANGE_ACTORS }).notNull(),
    /** The staff member's email, or "family link". */
    actorLabel: text("actor_label").notNull(),
    /** What kind of change: name, school, partner, event, drop, ... */
    kind: text("kind").notNull(),
    change: jsonb("change").$type<Record<string, unknown>>().notNull(),
    summary: text("summary").notNull(),
    status: text("status", { enum: ENTRY_CHANGE_STATUSES }).notNull().default("applied"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
  },
  (table) => [
    check("entry_changes_actor_kind_check", sql`actor_kind in ('family', 'staff')`),
    check("entry_changes_status_check", sql`status in ('applied', 'pending', 'declined')`),
    index("entry_changes_order_idx").on(table.orderId, table.createdAt),
    // The tournament page's approvals.
    index("entry_changes_pending_idx")
      .on(table.tournamentKey, table.createdAt)
      .where(sql`status = 'pending'`),
    // The daily digest reads one day's changes.
    index("entry_changes_created_at_idx").on(table.createdAt),
  ],
);

/** One row per district day whose digest of entry changes was queued: the claim that sends it once. */
export const entryChangeDigests = pgTable("entry_change_digests", {
  day: text("day").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

export type EntryChange = typeof entryChanges.$inferSelect;

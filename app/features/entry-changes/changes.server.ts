import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { invalidatePublicPages } from "~/core/page-cache.server";
import { isUuid } from "~/core/uuid";
import type { Database, Transaction } from "~/db/client.server";
import { tournamentKeyDate } from "~/db/tournament-key";
import { takeRateLimit, type RateLimitRule, type RateLimitVerdict } from "~/db/rate-limit.server";
import { entryChanges, orders, tournamentSettings, type Order, type TournamentSettings } from "~/db/schema";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import {
  FAMILY_LINK_LABEL,
  familyLinkActor,
  recordEntryChange,
  staffBy,
} from "~/features/tournaments/entry-history.server";
import { holdsPlace } from "~/features/tournaments/holds-place";
import { sameStudentRefusal } from "~/features/tournaments/same-student/same-student.server";
import { takenPlaces } from "~/features/tournaments/places.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { offeredEvents, registrationToday } from "~/features/tournaments/settings.server";
import { fullMessage, notOfferedMessage, registrationWindow } from "~/features/tournaments/window";
import type { EntryScope } from "./link.server";
import { appliedTo, entryFields, planChange, type EntryChangeInput, type PlannedChange } from "./rules";

/**
 * The limits of a family's link (decision 0047): page views and posts per link and per client address, and changes
 * per link per hour. Generous for a family fixing a typo or two; a leaked link or a script cannot churn an entry.
 */
export const entryLinkLimits = {
  /** Views and posts of one link's page, from anywhere. */
  perLink: { max: 120, windowSeconds: 60 * 60 },
  /** Views and posts of any link's page from one client address (guessing links gets nowhere fast). */
  perAddress: { max: 300, windowSeconds: 60 * 60 },
  /** Changes made (or asked, in approval mode) through one link. */
  changesPerLink: { max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export function takeEntryAddressLimit(db: Database, address: string): Promise<RateLimitVerdict> {
  return takeRateLimit(db, `entries:ip:${address}`, entryLinkLimits.perAddress);
}

export function takeEntryLinkLimit(db: Database, linkId: string): Promise<RateLimitVerdict> {
  return takeRateLimit(db, `entries:link:${linkId}`, entryLinkLimits.perLink);
}

export function takeEntryChangeLimit(db: Database, linkId: string): Promise<RateLimitVerdict> {
  return takeRateLimit(db, `entries:changes:${linkId}`, entryLinkLimits.changesPerLink);
}

export type ChangeOutcome =
  { ok: true; status: 200; applied: boolean; message: string } | { ok: false; status: number; message: string };

/** The tournament's date from its key ("<date>|<title>", app/db/tournament-key.ts). */

/** The refusal once registration has closed, whatever the browser sent. */
export const CLOSED_MESSAGE =
  "Registration for this tournament has closed, so entries can no longer be changed here. Please contact the district.";

const GONE = "This entry can no longer be changed here: it was dropped or refunded. Please contact the district.";

/**
 * Under the tournament's settings row lock (as checkouts take places: places.server.ts), whether `event` has a place
 * for one more entry. The switching entry's own place in its old event is given back by the same update, so a switch
 * never needs two places at once.
 */
async function eventRefusal(
  tx: Transaction,
  key: string,
  title: string,
  settings: TournamentSettings | undefined,
  event: string,
): Promise<string | null> {
  if (!offeredEvents(settings).includes(event)) return notOfferedMessage(title, event);
  const cap = settings?.caps[event];
  if (cap === undefined) return null;
  const taken = (await takenPlaces(tx, [key])).get(key)?.get(event) ?? 0;
  return taken >= cap ? fullMessage(title, event) : null;
}

type Checked = { order: Order; settings: TournamentSettings | undefined };

/** The entry, locked, with its tournament's settings (locked too, for an event switch), or the refusal. */
async function lockEntry(
  tx: Transaction,
  orderId: string,
  scope: { checkoutId: string } | null,
  kind: PlannedChange["kind"],
  today: string,
): Promise<{ ok: true; value: Checked } | { ok: false; status: number; message: string }> {
  if (!isUuid(orderId)) return { ok: false, status: 404, message: "This entry no longer exists." };
  // The settings row first, as a checkout does (its lock orders every change of places on the tournament).
  const [peek] = await tx.select({ key: orders.tournamentKey }).from(orders).where(eq(orders.id, orderId));
  if (!peek?.key) return { ok: false, status: 404, message: "This entry no longer exists." };
  const settingsQuery = tx.select().from(tournamentSettings).where(eq(tournamentSettings.key, peek.key));
  const [settings] = kind === "event" ? await settingsQuery.for("update") : await settingsQuery;
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "completed"),
        ...(scope ? [eq(orders.checkoutId, scope.checkoutId)] : []),
      ),
    )
    .for("update");
  if (!order?.tournamentKey || !order.studentName)
    return { ok: false, status: 404, message: "This entry no longer exists." };
  if (!holdsPlace(order)) return { ok: false, status: 409, message: GONE };
  if (registrationWindow(tournamentKeyDate(order.tournamentKey), settings, today).state === "closed")
    return { ok: false, status: 409, message: CLOSED_MESSAGE };
  return { ok: true, value: { order, settings } };
}

/** Writes `change` on the entry (orders' columns and registration), its history line and the audit entry. */
async function applyOn(
  tx: Transaction,
  checked: Checked,
  change: PlannedChange,
  by: { history: { kind: "family" | "staff"; label: string }; audit: Actor },
  historyId: string | null,
): Promise<string | null> {
  const { order, settings } = checked;
  const key = order.tournamentKey!;
  if (change.kind === "event" && change.after.event) {
    const refusal = await eventRefusal(tx, key, order.tournamentName ?? "the tournament", settings, change.after.event);
    if (refusal) return refusal;
  }
  const applied = appliedTo(order, change.after);
  // One entry per student and event (docs/product.md#one-entry-per-student-and-event): a rename, a partner or a switch
  // must not make this entry a repeat of another.
  const repeat = await sameStudentRefusal(tx, [applied.registration], { cartId: null, exceptOrderId: order.id });
  if (repeat) return repeat;
  await tx.update(orders).set(applied).where(eq(orders.id, order.id));
  const detail = { kind: change.kind, before: change.before, after: change.after };
  if (historyId)
    await tx
      .update(entryChanges)
      .set({ status: "applied", decidedAt: new Date(), decidedBy: by.audit.email })
      .where(eq(entryChanges.id, historyId));
  else
    await recordEntryChange(tx, {
      orderId: order.id,
      tournamentKey: key,
      by: by.history,
      kind: change.kind,
      change: detail,
      summary: change.summary,
    });
  await writeAudit(tx, {
    actor: by.audit,
    action: historyId ? "entry.approve" : "entry.change",
    details: { orderId: order.id, key, ...detail },
  });
  return null;
}

/**
 * A family's change through its link (decision 0047): checked as registration checks it, then, before the close and
 * on an entry that still holds its place, applied at once (the roster, Tabroom's files and the history read the
 * order row) or, when the tournament's family_changes is "approval", kept as a pending history line for staff. An
 * event switch runs under the tournament's settings row lock: the new event's cap is counted and the old place given
 * back in the one update. Whatever the browser sends, nothing is written after the close.
 */
export async function familyChange(
  db: Database,
  scope: EntryScope,
  input: EntryChangeInput,
  today: string = registrationToday(),
): Promise<ChangeOutcome> {
  const family = { kind: "family" as const, label: FAMILY_LINK_LABEL };
  const audit = familyLinkActor(scope.email);
  const outcome = await db.transaction(async (tx): Promise<ChangeOutcome> => {
    const locked = await lockEntry(tx, input.orderId, scope, input.intent, today);
    if (!locked.ok) return locked;
    const { order, settings } = locked.value;
    const planned = planChange(entryFields(order), input, memberSchools());
    if (!planned.ok) return { ok: false, status: 400, message: planned.message };
    const change = planned.change;
    if (settings?.familyChanges === "approval") {
      // A new request for the same kind of change replaces the one still waiting.
      await tx
        .update(entryChanges)
        .set({ status: "declined", decidedAt: new Date(), decidedBy: "replaced by a newer request" })
        .where(
          and(
            eq(entryChanges.orderId, order.id),
            eq(entryChanges.kind, change.kind),
            eq(entryChanges.status, "pending"),
          ),
        );
      if (change.kind === "event") {
        // Said now, not only when staff look: a switch into a full or unoffered event is refused at once.
        const refusal = await eventRefusal(
          tx,
          order.tournamentKey!,
          order.tournamentName ?? "the tournament",
          settings,
          change.after.event!,
        );
        if (refusal) return { ok: false, status: 409, message: refusal };
      }
      await recordEntryChange(tx, {
        orderId: order.id,
        tournamentKey: order.tournamentKey!,
        by: family,
        kind: change.kind,
        change: { kind: change.kind, before: change.before, after: change.after },
        summary: change.summary,
        status: "pending",
      });
      await writeAudit(tx, {
        actor: audit,
        action: "entry.request",
        details: { orderId: order.id, key: order.tournamentKey, kind: change.kind, after: change.after },
      });
      return {
        ok: true,
        status: 200,
        applied: false,
        message: `${change.summary} This change is waiting for the district's approval.`,
      };
    }
    const refusal = await applyOn(tx, locked.value, change, { history: family, audit }, null);
    if (refusal) return { ok: false, status: 409, message: refusal };
    return { ok: true, status: 200, applied: true, message: change.summary };
  });
  if (outcome.ok && outcome.applied && input.intent === "event") invalidatePublicPages(["/fees"]);
  return outcome;
}

/** A change waiting for staff on a tournament's page. */
export type PendingChange = {
  id: string;
  orderId: string;
  student: string;
  event: string;
  summary: string;
  at: Date;
};

/** The changes of tournament `key` waiting for approval, oldest first. */
export async function pendingChanges(db: Database, key: string): Promise<PendingChange[]> {
  const rows = await db
    .select({
      id: entryChanges.id,
      orderId: entryChanges.orderId,
      summary: entryChanges.summary,
      at: entryChanges.createdAt,
      student: orders.studentName,
      event: orders.eventType,
    })
    .from(entryChanges)
    .innerJoin(orders, eq(orders.id, entryChanges.orderId))
    .where(and(eq(entryChanges.tournamentKey, key), eq(entryChanges.status, "pending")))
    .orderBy(asc(entryChanges.createdAt));
  return rows.map((row) => ({ ...row, student: row.student ?? "", event: row.event ?? "" }));
}

/**
 * Staff approve or decline a pending change (decision 0047). Approval re-checks everything at the time it applies:
 * the window, the entry still holding its place, the new event's offer and room under the cap's lock; the change is
 * applied as recorded (its "after" fields). Either decision is recorded once: a second press finds nothing pending.
 */
export async function decidePendingChange(
  db: Database,
  actor: Actor,
  key: string,
  changeId: string,
  decision: "approve" | "decline",
  today: string = registrationToday(),
): Promise<ChangeOutcome> {
  if (!isUuid(changeId)) return { ok: false, status: 404, message: "This change is no longer waiting." };
  const outcome = await db.transaction(async (tx): Promise<ChangeOutcome> => {
    const [pending] = await tx
      .select()
      .from(entryChanges)
      .where(
        and(eq(entryChanges.id, changeId), eq(entryChanges.tournamentKey, key), eq(entryChanges.status, "pending")),
      )
      .for("update");
    if (!pending) return { ok: false, status: 409, message: "This change is no longer waiting: it was decided." };
    if (decision === "decline") {
      await tx
        .update(entryChanges)
        .set({ status: "declined", decidedAt: new Date(), decidedBy: actor.email })
        .where(eq(entryChanges.id, pending.id));
      await writeAudit(tx, { actor, action: "entry.decline", details: { orderId: pending.orderId, key, changeId } });
      return { ok: true, status: 200, applied: false, message: `Declined: ${pending.summary}` };
    }
    const recorded = pending.change as { kind: PlannedChange["kind"]; before: object; after: object };
    const locked = await lockEntry(tx, pending.orderId, null, recorded.kind, today);
    if (!locked.ok) return locked;
    const change: PlannedChange = {
      kind: recorded.kind,
      before: recorded.before,
      after: recorded.after,
      summary: pending.summary,
    };
    const refusal = await applyOn(tx, locked.value, change, { history: staffBy(actor), audit: actor }, pending.id);
    if (refusal) return { ok: false, status: 409, message: `Not applied: ${refusal}` };
    return { ok: true, status: 200, applied: true, message: `Approved: ${pending.summary}` };
  });
  if (outcome.ok && outcome.applied) invalidatePublicPages(["/fees"]);
  return outcome;
}

/** The latest changes to tournament `key`'s entries (every status, by families and staff), newest first. */
export async function recentChanges(db: Database, key: string, limit = 30) {
  const rows = await db
    .select({
      id: entryChanges.id,
      summary: entryChanges.summary,
      status: entryChanges.status,
      by: entryChanges.actorLabel,
      at: entryChanges.createdAt,
      student: orders.studentName,
      event: orders.eventType,
    })
    .from(entryChanges)
    .innerJoin(orders, eq(orders.id, entryChanges.orderId))
    .where(eq(entryChanges.tournamentKey, key))
    .orderBy(desc(entryChanges.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, student: row.student ?? "", event: row.event ?? "" }));
}

/** A line of an entry's history as the family's page and staff show it. */
export type HistoryLine = { orderId: string; by: string; summary: string; status: string; at: Date };

/** The history of `orderIds`, newest first. */
export async function entryHistory(db: Database, orderIds: readonly string[]): Promise<HistoryLine[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(entryChanges)
    .where(inArray(entryChanges.orderId, [...orderIds]))
    .orderBy(asc(entryChanges.createdAt));
  return rows.toReversed().map((row) => ({
    orderId: row.orderId,
    by: row.actorKind === "family" ? "You (family link)" : "District staff",
    summary: row.summary,
    status: row.status,
    at: row.createdAt,
  }));
}

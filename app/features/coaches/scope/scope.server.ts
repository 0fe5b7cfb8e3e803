import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { SignedInCoach } from "~/features/accounts/guards.server";
import { type EntryRow, rosterEntry, type RosterEntry } from "~/features/tournaments/roster.server";

/**
 * The one query layer of a coach's pages (decision 0054). Every read of entries, their history and their families
 * goes through here, with the codes `requireCoachSchools` returned; each statement keeps only rows whose entry's
 * *current* school code (orders.registration->>'schoolCode') is one of the coach's, so an entry staff move to
 * another school leaves the coach's view at once. Nothing here takes a code from the request.
 */
export type CoachScope = { codes: readonly string[] };

export const scopeOf = (coach: SignedInCoach): CoachScope => ({ codes: coach.schools.map((school) => school.code) });

/** `o.registration->>'schoolCode' in (...)`: an empty scope matches nothing. */
function inScope(scope: CoachScope): SQL {
  if (scope.codes.length === 0) return sql`false`;
  return sql`o.registration->>'schoolCode' in (${sql.join(
    scope.codes.map((code) => sql`${code}`),
    sql`, `,
  )})`;
}

/** A tournament entry (not a fee, not a failed checkout's line), as the roster counts one. */
const IS_ENTRY = sql`o.student_name is not null and o.event_type is not null and o.status in ('completed', 'pending')`;

type Rows<T> = { rows: T[] };

/** How an entry was paid, as the coach reads it. */
export type PaidBy = "card" | "test payment" | "recorded by staff" | "not paid yet";

/** A tournament the coach's schools entered, by its key: its title and date as their newest entry has them. */
export async function schoolTournament(
  db: Database,
  scope: CoachScope,
  key: string,
): Promise<{ key: string; title: string; date: string } | null> {
  const result = await db.execute(sql`
    select o.tournament_name as title, o.tournament_date as date
      from orders o
     where o.tournament_key = ${key} and o.tournament_name is not null and o.tournament_date is not null
       and ${IS_ENTRY} and ${inScope(scope)}
     order by o.created_at desc
     limit 1`);
  const [row] = (result as unknown as Rows<{ title: string; date: string }>).rows;
  return row ? { key, ...row } : null;
}

/** One of the school's entries: the roster's entry, with how it was paid and when it was made. */
export type SchoolEntry = RosterEntry & { paidBy: PaidBy; createdAt: string };

/** The school's entries of one tournament, in code order. */
export async function schoolEntries(db: Database, scope: CoachScope, key: string): Promise<SchoolEntry[]> {
  const result = await db.execute(sql`
    select o.id, o.event_type, o.student_name, o.student_school, o.customer_email, o.status, o.total_amount,
           o.refunded_amount, o.disputed_amount, o.dropped_at, o.registration, o.entry_code, o.created_at,
           c.provider
      from orders o
      left join checkouts c on c.id = o.checkout_id
     where o.tournament_key = ${key} and ${IS_ENTRY} and ${inScope(scope)}
     order by o.entry_code nulls last, o.created_at, o.id`);
  return (result as unknown as Rows<EntryRow & { created_at: Date | string; provider: string | null }>).rows.map(
    (row) => ({
      ...rosterEntry(row),
      paidBy: paidBy(row.status, row.provider),
      createdAt: new Date(row.created_at).toISOString(),
    }),
  );
}

function paidBy(status: EntryRow["status"], provider: string | null): PaidBy {
  if (status !== "completed") return "not paid yet";
  if (provider === "stripe") return "card";
  if (provider === "sandbox") return "test payment";
  return "recorded by staff";
}

/** One line of an entry's history (decision 0047), for the school's entries only. */
export type SchoolEntryChange = {
  id: string;
  orderId: string;
  student: string;
  event: string;
  by: string;
  summary: string;
  status: "applied" | "pending" | "declined";
  at: string;
};

/** The history of the school's entries of one tournament, newest first (at most `limit` lines). */
export async function schoolEntryHistory(
  db: Database,
  scope: CoachScope,
  key: string,
  limit = 200,
): Promise<SchoolEntryChange[]> {
  const result = await db.execute(sql`
    select ch.id, ch.order_id, o.student_name, o.event_type, ch.actor_label, ch.summary, ch.status, ch.created_at
      from entry_changes ch
      join orders o on o.id = ch.order_id
     where ch.tournament_key = ${key} and o.tournament_key = ${key} and ${inScope(scope)}
     order by ch.created_at desc, ch.id
     limit ${limit}`);
  return (
    result as unknown as Rows<{
      id: string;
      order_id: string;
      student_name: string;
      event_type: string;
      actor_label: string;
      summary: string;
      status: SchoolEntryChange["status"];
      created_at: Date | string;
    }>
  ).rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    student: row.student_name,
    event: row.event_type,
    by: row.actor_label,
    summary: row.summary,
    status: row.status,
    at: new Date(row.created_at).toISOString(),
  }));
}

/** Per tournament: the school's active entries by event, and what needs the coach. */
export type SchoolTournamentCounts = {
  byEvent: Record<string, number>;
  /** Entries whose family's change waits for staff approval. */
  pendingChanges: number;
  /** Entries awaiting payment for more than a day. */
  staleUnpaid: number;
};

/** An unpaid checkout older than this needs the coach (decision 0054). */
export const STALE_UNPAID_HOURS = 24;

/** The key of one tournament and one school in the season's counts. */
export const countsKey = (tournamentKey: string, schoolCode: string) => `${schoolCode}\u0000${tournamentKey}`;

/**
 * The season's counts of the coach's schools in one statement: per tournament of `keys` and school, its active
 * entries (paid or awaiting payment, not dropped, not refunded in full) by event, its pending changes and its stale
 * unpaid entries; keyed by `countsKey`.
 */
export async function schoolSeasonCounts(
  db: Database,
  scope: CoachScope,
  keys: readonly string[],
  now = new Date(),
): Promise<Map<string, SchoolTournamentCounts>> {
  const counts = new Map<string, SchoolTournamentCounts>();
  if (keys.length === 0) return counts;
  const staleBefore = new Date(now.getTime() - STALE_UNPAID_HOURS * 3_600_000).toISOString();
  const result = await db.execute(sql`
    select o.tournament_key as key, o.registration->>'schoolCode' as code, o.event_type as event,
           count(*) filter (where o.dropped_at is null
                              and not (o.total_amount > 0 and o.refunded_amount >= o.total_amount))::int as active,
           count(*) filter (where o.status = 'pending' and o.dropped_at is null and o.created_at < ${staleBefore})::int
             as stale,
           count(*) filter (where exists (select 1 from entry_changes ch
                                           where ch.order_id = o.id and ch.status = 'pending'))::int as pending
      from orders o
     where o.tournament_key in (${sql.join(
       keys.map((key) => sql`${key}`),
       sql`, `,
     )}) and ${IS_ENTRY} and ${inScope(scope)}
     group by 1, 2, 3`);
  for (const row of (
    result as unknown as Rows<{
      key: string;
      code: string;
      event: string;
      active: number;
      stale: number;
      pending: number;
    }>
  ).rows) {
    const id = countsKey(row.key, row.code);
    const found = counts.get(id) ?? { byEvent: {}, pendingChanges: 0, staleUnpaid: 0 };
    if (Number(row.active) > 0) found.byEvent[row.event] = Number(row.active);
    found.staleUnpaid += Number(row.stale);
    found.pendingChanges += Number(row.pending);
    counts.set(id, found);
  }
  return counts;
}

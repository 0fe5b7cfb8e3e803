import type { Actor } from "~/core/actor";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { linkTokenWhere } from "~/core/link-tokens.server";
import type { Database } from "~/db/client.server";
import { judges, type Judge } from "~/db/schema/judges";
import { tournamentKey } from "~/db/tournament-key";
import { auditedChange, type AuditAction } from "~/features/accounts/audit.server";
import { getScheduleEvents } from "~/features/events/events.server";
import { isDistrictTournament } from "~/features/tournaments/competition-events";
import { registrationToday } from "~/features/tournaments/settings.server";
import { type JudgeCategory } from "./categories";

/** A tournament the judge form offers. */
export type JudgeTournament = { key: string; title: string; date: string };

/** The district's tournaments still to come (today's included), in the schedule's order: the form's choices. */
export async function judgeTournaments(db: Database, today = registrationToday()): Promise<JudgeTournament[]> {
  const schedule = await getScheduleEvents(db);
  const seen = new Set<string>();
  const offered: JudgeTournament[] = [];
  for (const event of schedule) {
    if (!isDistrictTournament(event.type) || event.date < today) continue;
    const key = tournamentKey(event.title, event.date);
    if (seen.has(key)) continue;
    seen.add(key);
    offered.push({ key, title: event.title, date: event.date });
  }
  return offered;
}

/** The judge behind a link, or null (a malformed or unknown token). */
export async function judgeByToken(db: Database, token: string): Promise<Judge | null> {
  const where = linkTokenWhere("judge", token, { hash: judges.tokenHash, id: judges.id });
  if (!where) return null;
  return (await db.query.judges.findFirst({ where })) ?? null;
}

export type LinkOutcome = { ok: true; judge: Judge; changed: boolean } | { ok: false; status: number; message: string };

/** The judge confirms: pending (or withdrawn, changing their mind) becomes confirmed; confirming twice changes nothing. */
export async function confirmJudge(db: Database, judge: Judge): Promise<LinkOutcome> {
  const [row] = await db
    .update(judges)
    .set({ status: "confirmed", confirmedAt: new Date(), withdrawnAt: null })
    .where(and(eq(judges.id, judge.id), sql`${judges.status} <> 'confirmed'`))
    .returning();
  if (row) return { ok: true, judge: row, changed: true };
  return { ok: true, judge, changed: false };
}

/** The judge withdraws: they are no longer counted or listed; withdrawing twice changes nothing. */
export async function withdrawJudge(db: Database, judge: Judge): Promise<LinkOutcome> {
  const [row] = await db
    .update(judges)
    .set({ status: "withdrawn", withdrawnAt: new Date() })
    .where(and(eq(judges.id, judge.id), sql`${judges.status} <> 'withdrawn'`))
    .returning();
  if (row) return { ok: true, judge: row, changed: true };
  return { ok: true, judge, changed: false };
}

type StaffOutcome = { ok: true; judge: Judge } | { ok: false; status: number; message: string };

const JUDGE_ID = /^[0-9a-f-]{36}$/i;

/** One staff change to one judge of a tournament, audited with it; `refusal` when no row matches. */
async function staffChange(
  db: Database,
  actor: Actor,
  target: { judgeId: string; tournamentKey: string },
  change: { set: Partial<Judge>; where?: SQL; action: AuditAction; details: Record<string, unknown>; refusal: string },
): Promise<StaffOutcome> {
  if (!JUDGE_ID.test(target.judgeId)) return { ok: false, status: 400, message: "No such judge." };
  const row = await auditedChange(
    db,
    actor,
    async (tx) =>
      (
        await tx
          .update(judges)
          .set(change.set)
          .where(and(eq(judges.id, target.judgeId), eq(judges.tournamentKey, target.tournamentKey), change.where))
          .returning()
      )[0],
    (judge) => ({ action: change.action, details: { ...target, email: judge.email, ...change.details } }),
  );
  if (!row) return { ok: false, status: 409, message: change.refusal };
  return { ok: true, judge: row };
}

/**
 * Staff accept a judge named on the open form for a school (decision 0049): the judge now counts for it. Audited.
 * A judge already vouched for, or of another tournament, is a 409.
 */
export function acceptJudge(db: Database, actor: Actor, judgeId: string, tournamentKey: string) {
  return staffChange(
    db,
    actor,
    { judgeId, tournamentKey },
    {
      set: { vouchedBy: "staff", vouchedAt: new Date() },
      where: isNull(judges.vouchedBy),
      action: "tournament.judge_accept",
      details: {},
      refusal: "That judge is no longer waiting for their school.",
    },
  );
}

/**
 * Staff move a judge to another category's Tabroom file (decision 0049): one the judge can judge. The judge is then
 * in that file only. Audited.
 */
export function moveJudgeFile(
  db: Database,
  actor: Actor,
  judgeId: string,
  tournamentKey: string,
  category: JudgeCategory,
) {
  return staffChange(
    db,
    actor,
    { judgeId, tournamentKey },
    {
      set: { fileCategory: category },
      where: sql`${judges.categories} @> ${JSON.stringify([category])}::jsonb`,
      action: "tournament.judge_move",
      details: { category },
      refusal: "That judge cannot judge that category, or is gone.",
    },
  );
}

/** Staff assign an "any tournament" volunteer to a tournament (first caller wins). */
export async function assignVolunteer(
  db: Database,
  actor: Actor,
  judgeId: string,
  tournament: JudgeTournament,
): Promise<{ ok: true; judge: Judge } | { ok: false; status: number; message: string }> {
  if (!JUDGE_ID.test(judgeId)) return { ok: false, status: 400, message: "No such volunteer." };
  // One judge per person per tournament: a volunteer already named for this one is not assigned twice.
  const clash = await db.execute(sql`
    select 1 from judges j, judges v
     where v.id = ${judgeId} and j.tournament_key = ${tournament.key} and lower(j.email) = lower(v.email) limit 1`);
  const already = (clash as unknown as { rows: unknown[] }).rows.length > 0;
  if (already) return { ok: false, status: 409, message: "That person is already a judge of this tournament." };
  const [row] = await db
    .update(judges)
    .set({
      tournamentKey: tournament.key,
      tournamentTitle: tournament.title,
      tournamentDate: tournament.date,
      assignedAt: new Date(),
      assignedBy: actor.email,
    })
    .where(and(eq(judges.id, judgeId), isNull(judges.tournamentKey), sql`${judges.status} <> 'withdrawn'`))
    .returning();
  if (!row) return { ok: false, status: 409, message: "That volunteer was already assigned or has withdrawn." };
  return { ok: true, judge: row };
}

/**
 * A tournament staff can open the pool of, by key: from the schedule (held in memory), else from its settings or
 * its entries (a tournament gone from the sheet keeps its pool). One indexed read at most, where the staff list's
 * lookup reads every tournament's entries.
 */
export async function poolTournament(db: Database, key: string): Promise<JudgeTournament | null> {
  for (const event of await getScheduleEvents(db)) {
    if (isDistrictTournament(event.type) && tournamentKey(event.title, event.date) === key)
      return { key, title: event.title, date: event.date };
  }
  const result = await db.execute(sql`
    select title, date from tournament_settings where key = ${key}
    union all
    select * from (select o.tournament_name, o.tournament_date from orders o
                    where o.tournament_key = ${key} and o.tournament_name is not null and o.tournament_date is not null
                    limit 1) entered
    limit 1`);
  const row = (result as unknown as { rows: Array<{ title: string; date: string }> }).rows[0];
  return row ? { key, title: row.title, date: row.date } : null;
}

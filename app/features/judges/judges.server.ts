import type { Actor } from "~/core/actor";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { linkToken, linkTokenHash, linkTokenWhere } from "~/core/link-tokens.server";
import type { Database } from "~/db/client.server";
import { judges, type Judge } from "~/db/schema/judges";
import { tournamentKey } from "~/db/tournament-key";
import { getScheduleEvents } from "~/features/events/events.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { isDistrictTournament } from "~/features/tournaments/competition-events";
import { type MemberSchool, OTHER_SCHOOL } from "~/features/tournaments/schools";
import { registrationToday } from "~/features/tournaments/settings.server";
import { CATEGORY_LABELS } from "./categories";
import { judgeLinkPath } from "./paths";
import type { JudgeForm } from "./schema";

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

/** The school a judge counts for, from the form's choice. */
export function judgeSchool(
  form: Pick<JudgeForm, "schoolCode" | "schoolName">,
  schools: readonly MemberSchool[],
): { school: string; schoolCode: string | null } {
  const member = schools.find((school) => school.code === form.schoolCode);
  if (member) return { school: member.name, schoolCode: member.code };
  if (form.schoolCode === OTHER_SCHOOL) return { school: form.schoolName ?? "", schoolCode: null };
  return { school: "", schoolCode: null };
}

const categoryList = (judge: Pick<Judge, "categories">) =>
  judge.categories.map((category) => CATEGORY_LABELS[category]).join(", ");

const tournamentLabel = (judge: Pick<Judge, "tournamentTitle" | "tournamentDate">) =>
  judge.tournamentTitle ? `${judge.tournamentTitle} (${judge.tournamentDate})` : "any tournament of the district";

/** The email that asks the judge to confirm, with the link that also withdraws. */
export function judgeConfirmationEmail(judge: Judge, token: string) {
  const url = `${env().PUBLIC_URL}${judgeLinkPath(token)}`;
  const { html, text } = renderEmail({
    title: "Please confirm you will judge",
    intro: [
      `${judge.firstName} ${judge.lastName} was named to judge ${tournamentLabel(judge)}${judge.school ? ` for ${judge.school}` : ""}.`,
      "Please confirm through the link below. The same link withdraws you if your plans change.",
    ],
    fields: [
      { label: "Events", value: categoryList(judge) },
      { label: "Phone", value: judge.phone },
      { label: "Note", value: judge.note },
    ],
    action: { label: "Confirm or withdraw", url },
    footer: `Not you, or questions? Write to ${env().CONTACT_EMAIL}. If you do not confirm, you are not counted.`,
  });
  return {
    to: judge.email,
    subject: `Please confirm you will judge ${judge.tournamentTitle ?? "for the district"}`,
    html,
    text,
    replyTo: env().CONTACT_EMAIL,
    sensitive: true,
  };
}

/**
 * Saves a named judge (pending) and queues the confirmation email in one transaction: a saved judge always has its
 * email on the way, once. The link's token is the row's id and a MAC (app/core/link-tokens.server.ts); only its
 * hash is stored.
 */
export async function nameJudge(
  db: Database,
  form: JudgeForm,
  schools: readonly MemberSchool[],
  tournament: JudgeTournament | null,
): Promise<Judge> {
  const id = randomUUID();
  const token = linkToken("judge", id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(judges)
      .values({
        id,
        tournamentKey: tournament?.key ?? null,
        tournamentTitle: tournament?.title ?? null,
        tournamentDate: tournament?.date ?? null,
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        phone: form.phone,
        ...judgeSchool(form, schools),
        categories: form.categories,
        note: form.note,
        tokenHash: linkTokenHash(token),
      })
      .returning();
    await queueEmail(tx, judgeConfirmationEmail(row!, token));
    return row!;
  });
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

/** Staff assign an "any tournament" volunteer to a tournament (first caller wins). */
export async function assignVolunteer(
  db: Database,
  actor: Actor,
  judgeId: string,
  tournament: JudgeTournament,
): Promise<{ ok: true; judge: Judge } | { ok: false; status: number; message: string }> {
  if (!/^[0-9a-f-]{36}$/i.test(judgeId)) return { ok: false, status: 400, message: "No such volunteer." };
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

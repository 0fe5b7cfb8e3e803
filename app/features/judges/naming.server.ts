import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { linkToken, linkTokenHash } from "~/core/link-tokens.server";
import type { Transaction } from "~/db/client.server";
import type { Database } from "~/db/client.server";
import { takeRateLimit } from "~/db/rate-limit.server";
import { judges, type Judge, type JudgeVoucher } from "~/db/schema/judges";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { type MemberSchool, OTHER_SCHOOL } from "~/features/tournaments/schools";
import { CATEGORY_LABELS, JUDGE_CATEGORIES } from "./categories";
import type { JudgeTournament } from "./judges.server";
import { judgeLinkPath } from "./paths";
import type { JudgeForm } from "./schema";
import type { PassSchool } from "./school-pass.server";

/** Confirmation emails one address receives from the form per day, whoever sends them (decision 0049). */
export const EMAILS_PER_ADDRESS_PER_DAY = 3;

/** The school a judge counts for: the school a pass vouches for, else the form's choice. */
export function judgeSchool(
  form: Pick<JudgeForm, "schoolCode" | "schoolName">,
  schools: readonly MemberSchool[],
  pass: PassSchool | null = null,
): { school: string; schoolCode: string | null } {
  if (pass && "typed" in pass) return { school: pass.typed, schoolCode: null };
  const code = pass ? pass.code : form.schoolCode;
  const member = schools.find((school) => school.code === code);
  if (member) return { school: member.name, schoolCode: member.code };
  if (!pass && form.schoolCode === OTHER_SCHOOL) return { school: form.schoolName ?? "", schoolCode: null };
  return { school: "", schoolCode: null };
}

const categoryList = (judge: Pick<Judge, "categories">) =>
  judge.categories.map((category) => CATEGORY_LABELS[category]).join(", ");

const tournamentLabel = (judge: Pick<Judge, "tournamentTitle" | "tournamentDate">) =>
  judge.tournamentTitle ? `${judge.tournamentTitle} (${judge.tournamentDate})` : "any tournament of the district";

/**
 * The email that asks the judge to confirm, with the link that also withdraws. It quotes nothing the visitor typed
 * but the judge's names (decision 0049): no note, no phone, and a member school's name only (a typed school is free
 * text), so the form cannot carry a stranger's message in the district's name.
 */
export function judgeConfirmationEmail(judge: Judge, token: string) {
  const url = `${env().PUBLIC_URL}${judgeLinkPath(token)}`;
  const school = judge.schoolCode ? ` for ${judge.school}` : "";
  const { html, text } = renderEmail({
    title: "Please confirm you will judge",
    intro: [
      `${judge.firstName} ${judge.lastName} was named to judge ${tournamentLabel(judge)}${school}.`,
      "Please confirm through the link below. The same link withdraws you if your plans change.",
    ],
    fields: [{ label: "Events", value: categoryList(judge) }],
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

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`;

/** The row as named again: the categories joined, the first name kept and the new one listed, the vouch raised. */
function namedAgain(
  existing: Judge,
  form: JudgeForm,
  school: { school: string; schoolCode: string | null },
  vouchedBy: JudgeVoucher | null,
) {
  const name = fullName(form);
  const otherNames =
    name.toLowerCase() === fullName(existing).toLowerCase() ||
    existing.otherNames.some((other) => other.toLowerCase() === name.toLowerCase())
      ? existing.otherNames
      : [...existing.otherNames, name];
  // A school's own registration vouches for its judge: it takes the judge from the open form's waiting.
  const vouch = vouchedBy && !existing.vouchedBy ? { ...school, vouchedBy, vouchedAt: new Date() } : {};
  return {
    categories: JUDGE_CATEGORIES.filter((c) => existing.categories.includes(c) || form.categories.includes(c)),
    phone: form.phone ?? existing.phone,
    note: form.note ?? existing.note,
    otherNames,
    ...(!existing.school && !existing.schoolCode && !vouchedBy ? school : {}),
    ...vouch,
    ...(existing.status === "withdrawn" ? { status: "pending" as const, withdrawnAt: null } : {}),
  };
}

/**
 * Names a judge (decisions 0045, 0049): one judge per person per tournament, so the same email (any case) named
 * again updates the judge instead of adding one (another name is kept for staff to see). A new or still unconfirmed
 * judge is mailed the confirmation link in the same transaction, at most EMAILS_PER_ADDRESS_PER_DAY times a day to
 * one address whoever names them; beyond that the row is saved and nothing is sent, and the visitor reads the same
 * answer. The link's token is the row's id and a MAC (app/core/link-tokens.server.ts): the same in every email.
 * `vouchedBy` is "family" when the form came with the school's pass; null leaves a school's judge waiting.
 */
export async function nameJudge(
  db: Database,
  form: JudgeForm,
  school: { school: string; schoolCode: string | null },
  tournament: JudgeTournament | null,
  vouchedBy: JudgeVoucher | null,
): Promise<{ judge: Judge; emailed: boolean }> {
  return db.transaction(async (tx) => {
    const judge = await saveJudge(tx, form, school, tournament, vouchedBy);
    if (judge.status === "confirmed") return { judge, emailed: false };
    const allowance = await takeRateLimit(tx as unknown as Database, `judge:to:${judge.email.toLowerCase()}`, {
      max: EMAILS_PER_ADDRESS_PER_DAY,
      windowSeconds: 24 * 3600,
    });
    if (!allowance.allowed) return { judge, emailed: false };
    await queueEmail(tx, judgeConfirmationEmail(judge, linkToken("judge", judge.id)));
    return { judge, emailed: true };
  });
}

async function saveJudge(
  tx: Transaction,
  form: JudgeForm,
  school: { school: string; schoolCode: string | null },
  tournament: JudgeTournament | null,
  vouchedBy: JudgeVoucher | null,
): Promise<Judge> {
  const id = randomUUID();
  const [inserted] = await tx
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
      ...school,
      categories: form.categories,
      fileCategory: form.categories[0]!,
      note: form.note,
      vouchedBy,
      vouchedAt: vouchedBy ? new Date() : null,
      tokenHash: linkTokenHash(linkToken("judge", id)),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const samePerson = and(
    sql`coalesce(${judges.tournamentKey}, '') = ${tournament?.key ?? ""}`,
    sql`lower(${judges.email}) = ${form.email.toLowerCase()}`,
  );
  const [existing] = await tx.select().from(judges).where(samePerson).for("update");
  const [updated] = await tx
    .update(judges)
    .set(namedAgain(existing!, form, school, vouchedBy))
    .where(eq(judges.id, existing!.id))
    .returning();
  return updated!;
}

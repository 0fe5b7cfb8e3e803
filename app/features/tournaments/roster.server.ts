import { sql } from "drizzle-orm";
import { toCsv } from "~/core/csv";
import type { Database } from "~/db/client.server";
import { assignEntryCodes } from "~/db/entry-codes.server";
import type { RegistrationData } from "~/db/registration-data";
import { splitOldName } from "./names";
import { schoolMatchKey, type MemberSchool } from "./schools";

/** Where an entry stands on the roster. */
export type EntryState = "paid" | "awaiting payment" | "refunded" | "dropped";

/** One entry of a tournament's roster. */
export type RosterEntry = {
  orderId: string;
  /**
   * Its code (decision 0044): given once, when it was paid, in the order entries were added (100, 101...); kept by a
   * drop or a refund. Null while it awaits payment.
   */
  code: number | null;
  event: string;
  student: string;
  /** The student's first and last name (split from the one field for an entry made before they were asked apart). */
  first: string;
  last: string;
  /** The split of an old entry's name may be wrong: staff confirm or correct it on the roster. */
  nameUnsure: boolean;
  partner: string | null;
  school: string;
  schoolCode: string | null;
  partnerSchool: string | null;
  email: string;
  state: EntryState;
  refundable: boolean;
  registration: RegistrationData;
};

type EntryRow = {
  id: string;
  event_type: string;
  student_name: string;
  student_school: string | null;
  customer_email: string;
  status: "completed" | "pending" | "failed";
  total_amount: number;
  refunded_amount: number;
  disputed_amount: number;
  dropped_at: Date | string | null;
  registration: RegistrationData | null;
  entry_code: number | null;
};

/**
 * Every entry of a tournament, paid or held (a failed checkout's are not entries), in the order they were made. A
 * paid entry without a code yet (one written by other means than the checkout) is given its code first.
 */
export async function tournamentEntries(db: Database, key: string): Promise<RosterEntry[]> {
  await assignEntryCodes(db, [key]);
  const result = await db.execute(sql`
    select o.id, o.event_type, o.student_name, o.student_school, o.customer_email, o.status, o.total_amount,
           o.refunded_amount, o.disputed_amount, o.dropped_at, o.registration, o.entry_code
      from orders o
     where o.tournament_key = ${key} and o.student_name is not null and o.event_type is not null
       and o.status in ('completed', 'pending')
     order by o.entry_code nulls last, o.created_at, o.id`);
  return (result as unknown as { rows: EntryRow[] }).rows.map((row) => {
    const data = row.registration ?? {};
    const split = splitOldName(row.student_name);
    const parts =
      data.studentFirst !== undefined && data.studentLast !== undefined
        ? { first: data.studentFirst, last: data.studentLast, unsure: data.nameUnsure === true }
        : split;
    const partner = [data.partnerFirst, data.partnerLast].filter(Boolean).join(" ") || null;
    const refunded = row.total_amount > 0 && row.refunded_amount >= row.total_amount;
    const state: EntryState = row.dropped_at
      ? "dropped"
      : refunded
        ? "refunded"
        : row.status === "pending"
          ? "awaiting payment"
          : "paid";
    return {
      orderId: row.id,
      code: row.entry_code === null ? null : Number(row.entry_code),
      event: row.event_type,
      student: row.student_name,
      first: parts.first,
      last: parts.last,
      nameUnsure: parts.unsure,
      partner,
      school: row.student_school ?? "",
      schoolCode: data.schoolCode ?? null,
      partnerSchool: partner ? (data.partnerSchool ?? null) : null,
      email: row.customer_email,
      state,
      refundable: row.status === "completed" && row.total_amount - row.refunded_amount - row.disputed_amount > 0,
      registration: data,
    };
  });
}

/** A tournament's judges (judge fees paid) by school: the school, its code, how many, and the contacts. */
export type JudgeSchool = {
  school: string;
  schoolCode: string | null;
  judges: number;
  contacts: string[];
  emails: string[];
};

export async function tournamentJudges(
  db: Database,
  key: string,
  schools: readonly MemberSchool[],
): Promise<JudgeSchool[]> {
  const result = await db.execute(sql`
    select o.student_school as school, o.item_description as contact, o.customer_email as email, o.item_quantity as quantity
      from orders o
     where o.tournament_key = ${key} and o.student_name is null and o.status = 'completed'
       and o.dropped_at is null and not (o.total_amount > 0 and o.refunded_amount >= o.total_amount)
     order by o.created_at`);
  const bySchool = new Map<string, JudgeSchool>();
  for (const row of (
    result as unknown as {
      rows: Array<{ school: string | null; contact: string | null; email: string; quantity: number }>;
    }
  ).rows) {
    const name = row.school ?? "";
    const member = schools.find((school) => schoolMatchKey(school.name) === schoolMatchKey(name));
    const id = member ? member.code : schoolMatchKey(name);
    const group = bySchool.get(id) ?? {
      school: member?.name ?? name,
      schoolCode: member?.code ?? null,
      judges: 0,
      contacts: [],
      emails: [],
    };
    group.judges += Number(row.quantity);
    if (row.contact && !group.contacts.includes(row.contact)) group.contacts.push(row.contact);
    if (!group.emails.includes(row.email)) group.emails.push(row.email);
    bySchool.set(id, group);
  }
  return [...bySchool.values()].sort((a, b) => a.school.localeCompare(b.school, "en-US"));
}

/** The judges list: one row per school. */
export function judgesCsv(judges: readonly JudgeSchool[]): string {
  return toCsv(judges, [
    { header: "Schcode", value: (row) => row.schoolCode ?? "" },
    { header: "School", value: (row) => row.school },
    { header: "Judges", value: (row) => row.judges },
    { header: "Contact", value: (row) => row.contacts.join("; ") },
    { header: "Email", value: (row) => row.emails.join("; ") },
  ]);
}

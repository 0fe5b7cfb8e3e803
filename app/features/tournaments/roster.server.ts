import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { assignEntryCodes } from "~/db/entry-codes.server";
import type { RegistrationData } from "~/db/registration-data";
import { refundedInFull } from "./holds-place";
import { splitOldName } from "./names";
import { duplicatesOf, entryStudents } from "./same-student/same-student";

/** Where an entry stands on the roster. */
export type EntryState = "paid" | "awaiting payment" | "refunded" | "dropped";

/** One entry of a tournament's roster. */
export type RosterEntry = {
  orderId: string;
  /**
   * Its code (decision 0046): given once, when it was paid, in the order entries were added (100, 101...); kept by a
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
  /**
   * An entry that repeats a student of an earlier entry in the same event (docs/product.md#one-entry-per-student-and-event: made before the rule, or by
   * other means): the earlier entry's code, or its order id while it has none. Staff drop one of the two.
   */
  duplicateOf: { orderId: string; code: number | null } | null;
};

/** An entry's row as the roster's query reads it (the coach's scoped query reads the same columns: decision 0054). */
export type EntryRow = {
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
  const entries = (result as unknown as { rows: EntryRow[] }).rows.map(rosterEntry);
  // Only entries that hold a place repeat one another: a dropped or refunded one is already dealt with.
  const live = entries.filter((entry) => entry.state === "paid" || entry.state === "awaiting payment");
  const repeats = duplicatesOf(
    live.map((entry) => ({
      id: entry.orderId,
      event: entry.event,
      students: entryStudents(entry.registration, entry.student),
    })),
  );
  const codes = new Map(entries.map((entry) => [entry.orderId, entry.code]));
  for (const entry of entries) {
    const earlier = repeats.get(entry.orderId);
    if (earlier) entry.duplicateOf = { orderId: earlier, code: codes.get(earlier) ?? null };
  }
  return entries;
}

/** One roster entry from its row (duplicateOf is set by tournamentEntries, which sees the whole event). */
export function rosterEntry(row: EntryRow): RosterEntry {
  const data = row.registration ?? {};
  const split = splitOldName(row.student_name);
  const parts =
    data.studentFirst !== undefined && data.studentLast !== undefined
      ? { first: data.studentFirst, last: data.studentLast, unsure: data.nameUnsure === true }
      : split;
  const partner = [data.partnerFirst, data.partnerLast].filter(Boolean).join(" ") || null;
  const refunded = refundedInFull({ totalAmount: row.total_amount, refundedAmount: row.refunded_amount });
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
    duplicateOf: null,
  };
}

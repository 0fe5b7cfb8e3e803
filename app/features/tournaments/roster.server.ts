import { sql } from "drizzle-orm";
import { toCsv } from "~/core/csv";
import type { Database } from "~/db/client.server";
import type { RegistrationData } from "~/db/registration-data";
import { EVENT_ABBREVIATIONS, COMPETITION_EVENTS } from "./competition-events";
import { splitName } from "./entry";

/** Where an entry stands on the roster. */
export type EntryState = "paid" | "awaiting payment" | "refunded" | "dropped";

/** One entry of a tournament's roster. */
export type RosterEntry = {
  orderId: string;
  /** Its roster code: 100, 101... in the order the entries were made (a dropped one keeps its number). */
  code: number;
  event: string;
  student: string;
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
  code: number;
};

/** Every entry of a tournament, paid or held (a failed checkout's are not entries), in the order they were made. */
export async function tournamentEntries(db: Database, key: string): Promise<RosterEntry[]> {
  const result = await db.execute(sql`
    select * from (
      select o.id, o.event_type, o.student_name, o.student_school, o.customer_email, o.status, o.total_amount,
             o.refunded_amount, o.disputed_amount, o.dropped_at, o.registration,
             (99 + row_number() over (order by o.created_at, o.id))::int as code
        from orders o
       where o.tournament_key = ${key} and o.student_name is not null and o.event_type is not null
         and o.status in ('completed', 'pending')
    ) entries
    order by code`);
  return (result as unknown as { rows: EntryRow[] }).rows.map((row) => {
    const data = row.registration ?? {};
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
      code: Number(row.code),
      event: row.event_type,
      student: row.student_name,
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

/** Tabroom's entries layout (web/register/csv_entry.mhtml), with the Event column always present. */
export const TABROOM_ENTRY_HEADER = [
  "Code",
  "Event",
  "Schcode",
  "Student1First",
  "Student1Last",
  "Student2First",
  "Student2Last",
  "School",
] as const;

const eventAbbreviation = (event: string) => (EVENT_ABBREVIATIONS as Record<string, string>)[event] ?? event;

/**
 * The roster as Tabroom reads it: one row per entry that is paid (or was, and is now dropped), events in the list's
 * order, within an event the entries by code, then the dropped ones with DROP in the Code column (an entry refunded
 * in full without a drop counts as dropped too). Entries still awaiting payment are left out.
 */
export function tabroomEntriesCsv(entries: readonly RosterEntry[], event?: string | null): string {
  const order = (name: string) => {
    const index = (COMPETITION_EVENTS as readonly string[]).indexOf(name);
    return index === -1 ? COMPETITION_EVENTS.length : index;
  };
  const rows = entries
    .filter((entry) => entry.state !== "awaiting payment" && (!event || entry.event === event))
    .map((entry) => ({ entry, out: entry.state === "dropped" || entry.state === "refunded" }))
    .sort(
      (a, b) =>
        order(a.entry.event) - order(b.entry.event) ||
        a.entry.event.localeCompare(b.entry.event) ||
        Number(a.out) - Number(b.out) ||
        a.entry.code - b.entry.code,
    );
  return toCsv(rows, [
    { header: "Code", value: ({ entry, out }) => (out ? "DROP" : String(entry.code)) },
    { header: "Event", value: ({ entry }) => eventAbbreviation(entry.event) },
    { header: "Schcode", value: ({ entry }) => entry.schoolCode ?? "" },
    { header: "Student1First", value: ({ entry }) => splitName(entry.student).first },
    { header: "Student1Last", value: ({ entry }) => splitName(entry.student).last },
    { header: "Student2First", value: ({ entry }) => entry.registration.partnerFirst ?? "" },
    { header: "Student2Last", value: ({ entry }) => entry.registration.partnerLast ?? "" },
    { header: "School", value: ({ entry }) => entry.school },
  ]);
}

import { type CsvColumn, toCsv } from "~/core/csv";
import type { Database } from "~/db/client.server";
import type { SignedInCoach } from "~/features/accounts/guards.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { registrationToday } from "~/features/tournaments/settings.server";
import { listStaffTournaments, type StaffTournament } from "~/features/tournaments/staff-settings.server";
import { type LeftOut, tabroomFiles } from "~/features/tournaments/tabroom-files";
import {
  type SchoolEntry,
  type SchoolEntryChange,
  schoolEntries,
  schoolEntryHistory,
  scopeOf,
} from "../scope/scope.server";

/** `/coach/tournaments/:key`: one tournament as the coach's schools see it (read-only this time: decision 0054). */
export type CoachTournament = {
  key: string;
  title: string;
  date: string;
  closes: string;
  window: StaffTournament["window"];
  entries: SchoolEntry[];
  history: SchoolEntryChange[];
  /** The school's entries Tabroom's files leave out, and why (decision 0046). */
  leftOut: LeftOut[];
};

/**
 * The tournament `key` for the coach, or null (a 404): it must be one still to come on the sheet, or one where the
 * coach's schools have entries. Every row it reads is the coach's schools' (scope.server.ts).
 */
export async function coachTournament(
  db: Database,
  coach: SignedInCoach,
  key: string,
  today = registrationToday(),
): Promise<CoachTournament | null> {
  const scope = scopeOf(coach);
  const tournament = (await listStaffTournaments(db, today)).find((item) => item.key === key);
  if (!tournament) return null;
  const [entries, history] = await Promise.all([
    schoolEntries(db, scope, tournament.key),
    schoolEntryHistory(db, scope, tournament.key),
  ]);
  const upcoming = !tournament.past && !tournament.orphaned && tournament.date >= today;
  if (!upcoming && entries.length === 0) return null;
  const { leftOut } = tabroomFiles({
    date: tournament.date,
    entries,
    schools: memberSchools(),
    abbreviations: tournament.abbreviations,
    asks: tournament.asks,
  });
  return {
    key: tournament.key,
    title: tournament.title,
    date: tournament.date,
    closes: tournament.closes,
    window: tournament.window,
    entries,
    history,
    leftOut,
  };
}

/** What the coach's CSV reads as "how they paid". */
const PAID_BY_LABEL: Record<SchoolEntry["paidBy"], string> = {
  card: "Card",
  "test payment": "Test payment",
  "recorded by staff": "Recorded by staff",
  "not paid yet": "Not paid yet",
};

export const paidByLabel = (entry: Pick<SchoolEntry, "paidBy">) => PAID_BY_LABEL[entry.paidBy];

const CSV_COLUMNS: CsvColumn<SchoolEntry>[] = [
  { header: "Code", value: (entry) => entry.code },
  { header: "Event", value: (entry) => entry.event },
  { header: "First name", value: (entry) => entry.first },
  { header: "Last name", value: (entry) => entry.last },
  { header: "Partner", value: (entry) => entry.partner },
  { header: "School", value: (entry) => entry.school },
  { header: "Status", value: (entry) => entry.state },
  { header: "Family email", value: (entry) => entry.email },
  { header: "Paid by", value: paidByLabel },
];

/** The school's entries as CSV, every cell through the staff exports' one rule (app/core/csv.ts, decision 0042). */
export function schoolEntriesCsv(entries: readonly SchoolEntry[]): string {
  return toCsv(entries, CSV_COLUMNS);
}

/** "entries-2027-01-09.csv" */
export const schoolEntriesFilename = (date: string) => `entries-${date}.csv`;

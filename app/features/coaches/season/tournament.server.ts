import { type CsvColumn, toCsv } from "~/core/csv";
import type { Database } from "~/db/client.server";
import type { SignedInCoach } from "~/features/accounts/guards.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { registrationToday, settingsByKey } from "~/features/tournaments/settings.server";
import { type LeftOut, tabroomFiles } from "~/features/tournaments/tabroom-files";
import { registrationWindow, type RegistrationWindow } from "~/features/tournaments/window";
import {
  type SchoolEntry,
  type SchoolEntryChange,
  schoolEntries,
  schoolEntryHistory,
  schoolTournament,
  scopeOf,
} from "../scope/scope.server";
import { dayLabels, seasonTournaments } from "./season.server";

/** `/coach/tournaments/:key`: one tournament as the coach's schools see it (read-only this time: decision 0054). */
export type CoachTournament = {
  key: string;
  title: string;
  date: string;
  day: string;
  closes: string;
  window: RegistrationWindow;
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
  // One still to come on the sheet, or one the coach's schools entered (its title and date as their entries say).
  const found =
    (await seasonTournaments(db, today)).find((item) => item.key === key) ?? (await schoolTournament(db, scope, key));
  if (!found) return null;
  const [entries, history, settings] = await Promise.all([
    schoolEntries(db, scope, key),
    schoolEntryHistory(db, scope, key),
    settingsByKey(db, [key]),
  ]);
  const row = settings.get(key) ?? null;
  const window = registrationWindow(found.date, row, today);
  const { leftOut } = tabroomFiles({
    date: found.date,
    entries,
    schools: memberSchools(),
    abbreviations: row?.abbreviations ?? {},
    asks: { novice: row?.askNovice ?? false, studentEmail: row?.askStudentEmail ?? false },
  });
  return {
    key,
    title: found.title,
    date: found.date,
    ...dayLabels(found.date, window),
    window,
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

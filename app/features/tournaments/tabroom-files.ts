import { tabroomCsv, type TabroomCell } from "~/features/tabroom/csv";
import { foldToAscii } from "~/features/tabroom/fold";
import { memberOf, memberTabroomSchool } from "~/features/tabroom/school";
import { entriesTemplateHeader } from "~/features/tabroom/templates";
import { COMPETITION_EVENTS, eventAbbreviation, speakersOf } from "./competition-events";
import type { RosterEntry } from "./roster.server";
import type { MemberSchool } from "./schools";

/** One event's file for Tabroom's entries importer, with its novices (Tabroom's Novice column is left empty). */
export type TabroomFile = {
  event: string;
  abbreviation: string;
  filename: string;
  csv: string;
  entries: number;
  /** "First Last (code)" of each novice student of the file, for staff to mark in Tabroom after the upload. */
  novices: string[];
};

/** Why an entry is not in the files. */
export type LeftOut = {
  orderId: string;
  code: number | null;
  event: string;
  student: string;
  reason: "dropped" | "refunded" | "awaiting payment" | "name to correct";
};

/** A name or school written in the file otherwise than it was typed (folded to ASCII), for staff to check. */
export type FoldedName = { code: number | null; event: string; typed: string; written: string };

export type TabroomFiles = {
  files: TabroomFile[];
  leftOut: LeftOut[];
  folded: FoldedName[];
  /** Entries whose school was typed under Other (not merged into a member school): Tabroom creates these schools. */
  typedSchoolEntries: number;
  typedSchools: string[];
  /** Entries in the files whose name's split staff have not confirmed yet (written as split). */
  toConfirm: Array<{ orderId: string; code: number | null; event: string; student: string }>;
};

export type TabroomFileInput = {
  /** The tournament's date (YYYY-MM-DD): file names end with it. */
  date: string;
  entries: readonly RosterEntry[];
  schools: readonly MemberSchool[];
  /** Staff's abbreviations for this tournament (others take the default). */
  abbreviations: Readonly<Record<string, string>>;
  asks: { novice: boolean; studentEmail: boolean };
};

/** The events in the list's order, then any other, by name. */
function eventOrder(a: string, b: string) {
  const rank = (name: string) => {
    const index = (COMPETITION_EVENTS as readonly string[]).indexOf(name);
    return index === -1 ? COMPETITION_EVENTS.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * A tournament's files for Tabroom's entries importer (decision 0046): one per event with entries, in the import
 * template's layout with its header for as many speakers as the event has, one line per active entry (paid, not
 * dropped, not refunded in full) in code order: School Name, State/Prov, Entry Code, Pairing Seed (empty), then per
 * student First, Middle (empty), Last, Novice (always empty: Tabroom's importer passes the letter into an integer
 * column, which its strict SQL mode refuses; the novices are listed per file instead, decision 0049), Email (when
 * the tournament asks). A member school is written as Tabroom knows it (app/features/tabroom/school.ts); a typed one
 * as typed. Names and schools are folded to ASCII, each folded one
 * listed; what is left out is listed with its reason (an old entry's name that cannot be folded waits for staff's
 * correction, never silently dropped); an old entry's name whose split is unsure is written as split and listed.
 */
export function tabroomFiles(input: TabroomFileInput): TabroomFiles {
  const leftOut: LeftOut[] = [];
  const toConfirm: TabroomFiles["toConfirm"] = [];
  const folded: FoldedName[] = [];
  const typedSchools = new Set<string>();
  let typedSchoolEntries = 0;
  const lines = new Map<string, TabroomCell[][]>();
  const novices = new Map<string, Array<{ code: number; name: string }>>();

  for (const entry of input.entries) {
    const who = { orderId: entry.orderId, code: entry.code, event: entry.event, student: entry.student };
    if (entry.state !== "paid" || entry.code === null) {
      leftOut.push({ ...who, reason: entry.state === "paid" ? "awaiting payment" : entry.state });
      continue;
    }
    const foldedFor: FoldedName[] = [];
    let unfoldable = false;
    const ascii = (text: string) => {
      const result = foldToAscii(text.trim());
      // An older name that a spreadsheet would run (registration refuses them now): corrected by staff, not guarded.
      if (!result.ok || /^[=+\-@]/.test(result.value)) {
        unfoldable = true;
        return "";
      }
      if (result.folded && result.value !== text.trim())
        foldedFor.push({ code: entry.code, event: entry.event, typed: text.trim(), written: result.value });
      return result.value;
    };
    const member = memberOf(input.schools, entry.school, entry.schoolCode);
    let school: string;
    let state = "";
    if (member) {
      ({ name: school, state } = memberTabroomSchool(member));
    } else {
      school = ascii(entry.school);
    }
    const data = entry.registration;
    const novicesHere: string[] = [];
    const student = (first: string, last: string, novice: boolean | undefined, email: string | undefined) => {
      const cells = [ascii(first), "", ascii(last), "", input.asks.studentEmail ? ascii(email ?? "") : ""];
      if (input.asks.novice && novice) novicesHere.push(`${cells[0]} ${cells[2]}`);
      return cells;
    };
    const row: TabroomCell[] = [
      school,
      state,
      entry.code,
      "",
      ...student(entry.first, entry.last, data.studentNovice, data.studentEmail),
    ];
    if (speakersOf(entry.event) > 1 && data.partnerFirst && data.partnerLast)
      row.push(...student(data.partnerFirst, data.partnerLast, data.partnerNovice, data.partnerEmail));
    if (unfoldable) {
      leftOut.push({ ...who, reason: "name to correct" });
      continue;
    }
    if (entry.nameUnsure) toConfirm.push(who);
    if (!member) {
      typedSchoolEntries++;
      typedSchools.add(entry.school);
    }
    folded.push(...foldedFor);
    lines.set(entry.event, [...(lines.get(entry.event) ?? []), row]);
    for (const name of novicesHere)
      novices.set(entry.event, [...(novices.get(entry.event) ?? []), { code: entry.code, name }]);
  }

  const files = [...lines.keys()].sort(eventOrder).map((event) => {
    const rows = lines.get(event)!.sort((a, b) => Number(a[2]) - Number(b[2]));
    const abbreviation = eventAbbreviation(event, input.abbreviations);
    return {
      event,
      abbreviation,
      filename: `${abbreviation}-${input.date}.csv`,
      csv: tabroomCsv(entriesTemplateHeader(speakersOf(event)), rows),
      entries: rows.length,
      novices: (novices.get(event) ?? [])
        .sort((a, b) => a.code - b.code)
        .map((novice) => `${novice.name} (${novice.code})`),
    };
  });
  return { files, leftOut, folded, typedSchoolEntries, typedSchools: [...typedSchools].sort(), toConfirm };
}

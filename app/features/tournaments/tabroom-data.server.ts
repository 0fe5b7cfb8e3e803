import { zipSync, strToU8 } from "fflate";
import type { Database } from "~/db/client.server";
import type { RosterEntry } from "./roster.server";
import { tournamentEntries } from "./roster.server";
import { memberSchools } from "./schools.server";
import type { StaffTournament } from "./staff-settings.server";
import { tabroomFiles, type TabroomFiles } from "./tabroom-files";

/** A tournament's Tabroom files (decision 0046), from its entries (read now, or passed in by the page). */
export async function loadTabroomFiles(
  db: Database,
  tournament: Pick<StaffTournament, "key" | "date" | "abbreviations" | "asks">,
  entries?: readonly RosterEntry[],
): Promise<TabroomFiles> {
  return tabroomFiles({
    date: tournament.date,
    entries: entries ?? (await tournamentEntries(db, tournament.key)),
    schools: memberSchools(),
    abbreviations: tournament.abbreviations,
    asks: tournament.asks,
  });
}

/** "tabroom-2026-12-08.zip" */
export const tabroomZipName = (date: string) => `tabroom-${date}.zip`;

/** Every event's file in one zip, each named by the event's abbreviation and the tournament's date. */
export function tabroomZip(files: TabroomFiles["files"], date: string): Uint8Array<ArrayBuffer> {
  // A fixed time inside the zip: the same entries give the same bytes.
  const mtime = new Date(`${date}T12:00:00Z`);
  const zip = zipSync(Object.fromEntries(files.map((file) => [file.filename, [strToU8(file.csv), { mtime }]])), {
    level: 6,
  });
  return new Uint8Array(zip);
}

import type { Database } from "~/db/client.server";
import type { RosterData } from "./roster-view";
import { tournamentEntries } from "./roster.server";
import { memberSchools } from "./schools.server";
import { typedSchools } from "./staff-actions.server";
import type { StaffTournament } from "./staff-settings.server";
import { loadTabroomFiles } from "./tabroom-data.server";

/** Everything the roster part of a tournament's staff page shows. */
export async function loadRoster(db: Database, tournament: StaffTournament): Promise<RosterData> {
  const schools = memberSchools();
  const [entries, typed] = await Promise.all([tournamentEntries(db, tournament.key), typedSchools(db, tournament.key)]);
  const { files, ...tabroom } = await loadTabroomFiles(db, tournament, entries);
  return {
    entries,
    typedSchools: typed,
    schools,
    events: tournament.events,
    caps: tournament.caps,
    places: tournament.entries,
    abbreviations: tournament.abbreviations,
    tabroom: {
      ...tabroom,
      files: files.map(({ csv: _csv, ...file }) => file),
    },
  };
}

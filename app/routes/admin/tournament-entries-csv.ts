import { data } from "react-router";
import { csvFilename, csvResponse } from "~/core/csv";
import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { tabroomEntriesCsv, tournamentEntries } from "~/features/tournaments/roster.server";
import { findStaffTournament } from "~/features/tournaments/staff-settings.server";
import type { Route } from "./+types/tournament-entries-csv";

/** /admin/tournaments/:key/entries.csv[?event=]: the roster in Tabroom's entries layout, all events or one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const db = getDb(context);
  const tournament = await findStaffTournament(db, params.key);
  if (!tournament) throw data("No such tournament", { status: 404 });
  const event = new URL(request.url).searchParams.get("event") || null;
  const body = tabroomEntriesCsv(await tournamentEntries(db, tournament.key), event);
  return csvResponse(body, csvFilename(`entries-${tournament.date}`));
}

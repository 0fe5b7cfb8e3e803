import { data } from "react-router";
import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { loadTabroomFiles } from "~/features/tournaments/tabroom-data.server";
import { findStaffTournament } from "~/features/tournaments/staff-settings.server";
import type { Route } from "./+types/tournament-tabroom-csv";

/**
 * /admin/tournaments/:key/tabroom.csv?event=: one event's file for Tabroom's entries importer (decision 0046), in
 * its template's layout: ASCII, CRLF, no byte-order mark, named by the event's abbreviation and the tournament's date.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const db = getDb(context);
  const tournament = await findStaffTournament(db, params.key);
  if (!tournament) throw data("No such tournament", { status: 404 });
  const event = new URL(request.url).searchParams.get("event") ?? "";
  const file = (await loadTabroomFiles(db, tournament)).files.find((candidate) => candidate.event === event);
  if (!file) throw data("This event has no entries to import.", { status: 404 });
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=us-ascii",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

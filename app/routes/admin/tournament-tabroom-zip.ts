import { data } from "react-router";
import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { loadTabroomFiles, tabroomZip, tabroomZipName } from "~/features/tournaments/tabroom-data.server";
import { findStaffTournament } from "~/features/tournaments/staff-settings.server";
import type { Route } from "./+types/tournament-tabroom-zip";

/** /admin/tournaments/:key/tabroom.zip: every event's Tabroom file (decision 0046) in one zip. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const db = getDb(context);
  const tournament = await findStaffTournament(db, params.key);
  if (!tournament) throw data("No such tournament", { status: 404 });
  const { files } = await loadTabroomFiles(db, tournament);
  if (files.length === 0) throw data("This tournament has no entries to import.", { status: 404 });
  return new Response(tabroomZip(files, tournament.date), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${tabroomZipName(tournament.date)}"`,
      "Cache-Control": "no-store",
    },
  });
}

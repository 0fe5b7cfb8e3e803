import { data } from "react-router";
import { csvFilename, csvResponse } from "~/core/csv";
import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { judgesCsv, tournamentJudges } from "~/features/tournaments/roster.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { findStaffTournament } from "~/features/tournaments/staff-settings.server";
import type { Route } from "./+types/tournament-judges-csv";

/** /admin/tournaments/:key/judges.csv: the judges registered (judge fees paid), one row per school. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const db = getDb(context);
  const tournament = await findStaffTournament(db, params.key);
  if (!tournament) throw data("No such tournament", { status: 404 });
  return csvResponse(
    judgesCsv(await tournamentJudges(db, tournament.key, memberSchools())),
    csvFilename(`judges-${tournament.date}`),
  );
}

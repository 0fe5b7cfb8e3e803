import { data } from "react-router";
import { csvResponse } from "~/core/csv";
import { getDb } from "~/db/context";
import { writeAudit } from "~/features/accounts/audit.server";
import { requireCoachSchools } from "~/features/accounts/guards.server";
import { coachTournament, schoolEntriesCsv, schoolEntriesFilename } from "~/features/coaches/season/tournament.server";
import type { Route } from "./+types/tournament-csv";

/** The coach's schools' entries of one tournament as CSV (formula-safe, decision 0042), audited (decision 0054). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const coach = await requireCoachSchools(request, context);
  const db = getDb(context);
  const tournament = await coachTournament(db, coach, params.key);
  if (!tournament) throw data("There is no such tournament for your school.", { status: 404 });
  await writeAudit(db, {
    actor: coach.user,
    action: "coach.export",
    details: { tournament: tournament.key, entries: tournament.entries.length },
  });
  return csvResponse(schoolEntriesCsv(tournament.entries), schoolEntriesFilename(tournament.date));
}

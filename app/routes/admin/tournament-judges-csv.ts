import { data } from "react-router";
import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { isJudgeCategory } from "~/features/judges/categories";
import { judgeFileCsv } from "~/features/judges/judge-file";
import { tournamentJudgeFileRows } from "~/features/judges/judge-file.server";
import { poolTournament } from "~/features/judges/judges.server";
import { tabroomCsvResponse } from "~/features/tabroom/csv";
import type { Route } from "./+types/tournament-judges-csv";

/**
 * /admin/tournaments/:key/judges.csv?category=debate|speech|congress: the tournament's confirmed judges of one judge
 * category in Tabroom's judge import layout (app/features/judges, decision 0045).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const db = getDb(context);
  const tournament = await poolTournament(db, params.key);
  if (!tournament) throw data("No such tournament", { status: 404 });
  const category = new URL(request.url).searchParams.get("category") ?? "";
  if (!isJudgeCategory(category)) throw data("Choose a judge category: debate, speech or congress.", { status: 400 });
  const body = judgeFileCsv(await tournamentJudgeFileRows(db, tournament.key, category));
  return tabroomCsvResponse(body, `judges-${category}-${tournament.date}.csv`);
}

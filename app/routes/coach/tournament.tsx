import { data } from "react-router";
import { formatDateTime } from "~/core/format";
import { getDb } from "~/db/context";
import { requireCoachSchools } from "~/features/accounts/guards.server";
import { CoachTournamentPage } from "~/features/coaches/season/tournament-page";
import { coachTournament, paidByLabel } from "~/features/coaches/season/tournament.server";
import type { Route } from "./+types/tournament";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.tournament.title ?? "Tournament"} | Coach` },
];

/** `/coach/tournaments/:key`: one tournament, the coach's schools' rows only (404 otherwise; decision 0054). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const coach = await requireCoachSchools(request, context);
  const tournament = await coachTournament(getDb(context), coach, params.key);
  if (!tournament) throw data("There is no such tournament for your school.", { status: 404 });
  return {
    tournament: {
      key: tournament.key,
      title: tournament.title,
      day: tournament.day,
      closes: tournament.closes,
      entries: tournament.entries.map((entry) => ({
        orderId: entry.orderId,
        code: entry.code,
        event: entry.event,
        student: entry.student,
        partner: entry.partner,
        school: entry.school,
        state: entry.state,
        email: entry.email,
        paidBy: paidByLabel(entry),
      })),
      history: tournament.history.map((change) => ({ ...change, at: formatDateTime(change.at) })),
      leftOut: tournament.leftOut,
    },
  };
}

export default function CoachTournamentRoute({ loaderData }: Route.ComponentProps) {
  return <CoachTournamentPage tournament={loaderData.tournament} />;
}

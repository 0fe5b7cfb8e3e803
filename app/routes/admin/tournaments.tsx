import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { listStaffTournaments } from "~/features/tournaments/staff-settings.server";
import { TournamentList } from "~/features/tournaments/tournament-list";
import type { Route } from "./+types/tournaments";

export const meta: Route.MetaFunction = () => [{ title: "Tournaments | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { tournaments: await listStaffTournaments(getDb(context)) };
}

export default function TournamentsPage({ loaderData }: Route.ComponentProps) {
  return <TournamentList tournaments={loaderData.tournaments} />;
}

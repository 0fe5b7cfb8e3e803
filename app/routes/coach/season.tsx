import { getDb } from "~/db/context";
import { requireCoachSchools } from "~/features/accounts/guards.server";
import { SeasonPage } from "~/features/coaches/season/season-page";
import { coachSeason } from "~/features/coaches/season/season.server";
import type { Route } from "./+types/season";

export const meta: Route.MetaFunction = () => [{ title: "Your season | Coach" }];

/** `/coach`: the season at a glance for the coach's schools (decision 0054). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireCoachSchools(request, context);
  return { tournaments: await coachSeason(getDb(context), coach) };
}

export default function CoachSeasonPage({ loaderData }: Route.ComponentProps) {
  return <SeasonPage tournaments={loaderData.tournaments} />;
}

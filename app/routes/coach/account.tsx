import { requireCoachSchools } from "~/features/accounts/guards.server";
import { ProfilePage } from "~/features/accounts/profile/profile-page";
import { profilePageAction, profilePageData } from "~/features/accounts/profile/profile-page.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Your account | Coach" }];

/** A coach's account (decision 0054): password and two-factor sign-in, as staff's profile page has them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireCoachSchools(request, context);
  return profilePageData(request, coach.user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoachSchools(request, context);
  return profilePageAction(request, context, coach.user, "/coach/account");
}

export default function CoachAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage loaderData={loaderData} actionData={actionData} page="/coach/account" />;
}

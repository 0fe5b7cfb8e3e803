import { requireUser } from "~/features/accounts/guards.server";
import { profileNotices } from "~/features/accounts/notices";
import { ProfilePage } from "~/features/accounts/profile/profile-page";
import { profilePageAction, profilePageData } from "~/features/accounts/profile/profile-page.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // docs/product.md#8-error-and-notice-texts: the profile that cannot be read says so (home, with the notice).
  const user = await requireUser(request, context, { failure: profileNotices.loadFailed.description });
  return profilePageData(request, user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return profilePageAction(request, context, user, "/admin/profile");
}

export default function AdminProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage loaderData={loaderData} actionData={actionData} page="/admin/profile" />;
}

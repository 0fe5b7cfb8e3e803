import { data } from "react-router";
import { env } from "~/core/env.server";
import { formText, readForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { requireUser } from "~/features/accounts/guards.server";
import { profileNotices } from "~/features/accounts/notices";
import { changeOwnPassword } from "~/features/accounts/profile.server";
import { ProfileView } from "~/features/accounts/profile-view";
import { formatDateTime } from "~/core/format";
import type { Route } from "./+types/admin-profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // SPEC.md section 8: the profile that cannot be read says so (home, with the notice).
  const user = await requireUser(request, context, { failure: profileNotices.loadFailed.description });
  return {
    profile: {
      id: user.id,
      email: user.email,
      role: user.role,
      created: formatDateTime(user.createdAt),
      lastSignIn: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : null,
    },
    shortName: env().SITE_SHORT_NAME,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const text = (name: string) => formText(form, name);
  const result = await changeOwnPassword(request, context, user, {
    currentPassword: text("currentPassword"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
  });
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  // The change replaced the session: this request's loaders would still hold the old one (a document post
  // without JavaScript then landed on /auth), so the page is read again with the new cookie.
  if (result.status === 200) return redirectWithToast("/admin/profile", result.notice, { headers });
  return data({ notice: result.notice }, { status: result.status, headers });
}

export default function AdminProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileView profile={loaderData.profile} notice={actionData?.notice ?? null} shortName={loaderData.shortName} />;
}

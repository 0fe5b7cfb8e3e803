import { data } from "react-router";
import { env } from "~/core/env.server";
import { formText, readForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { requireUser } from "~/features/accounts/guards.server";
import { profileNotices } from "~/features/accounts/notices";
import { changeOwnPassword } from "~/features/accounts/profile/profile.server";
import { ProfileView } from "~/features/accounts/profile/profile-view";
import { TwoFactorSection, type TwoFactorSetupData } from "~/features/accounts/sign-in/two-factor-screens";
import { twoFactorNotices } from "~/features/accounts/sign-in/two-factor-notices";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "~/features/accounts/sign-in/two-factor.server";
import { formatDateTime } from "~/core/format";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // docs/product.md#8-error-and-notice-texts: the profile that cannot be read says so (home, with the notice).
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
    twoFactor: {
      enabled: Boolean(user.twoFactorEnabled),
      required: env().ADMIN_TWO_FACTOR_REQUIRED,
      asked: new URL(request.url).searchParams.get("setup") === "two-factor",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const text = (name: string) => formText(form, name);
  const intent = text("intent");
  if (intent === "2fa-start") {
    const started = await startTwoFactorSetup(request, context, user, text("password"));
    if (started.ok) return data<TwoFactorSetupData>({ intent, ...started });
    return data<TwoFactorSetupData>({ intent, ok: false, notice: started.notice }, { status: started.status });
  }
  if (intent === "2fa-confirm") {
    const confirmed = await confirmTwoFactorSetup(request, context, user, text("code"));
    if (confirmed.ok) {
      const headers = new Headers();
      for (const cookie of confirmed.setCookie) headers.append("Set-Cookie", cookie);
      return redirectWithToast("/admin/profile", twoFactorNotices.enabled, { headers });
    }
    // The key shown in step 1 is shown again (it is the account's own, not trusted for anything).
    return data<TwoFactorSetupData>(
      {
        intent,
        ok: false,
        notice: confirmed.notice,
        secret: text("secret").slice(0, 64),
        uri: text("uri").startsWith("otpauth://") ? text("uri").slice(0, 512) : "",
      },
      { status: confirmed.status },
    );
  }
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
  const twoFactorResult = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <div className="grid gap-6">
      <ProfileView
        profile={loaderData.profile}
        notice={!twoFactorResult && actionData && "notice" in actionData ? actionData.notice : null}
        shortName={loaderData.shortName}
      />
      <TwoFactorSection {...loaderData.twoFactor} result={twoFactorResult} />
    </div>
  );
}

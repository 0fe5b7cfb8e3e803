import { data, type RouterContextProvider } from "react-router";
import { env } from "~/core/env.server";
import { formatDateTime } from "~/core/format";
import { formText, readForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import type { SessionUser } from "../guards.server";
import { twoFactorNotices } from "../sign-in/two-factor-notices";
import type { TwoFactorSetupData } from "../sign-in/two-factor-screens";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "../sign-in/two-factor.server";
import { changeOwnPassword } from "./profile.server";

type Context = Readonly<RouterContextProvider>;

/**
 * An account's own page (staff's /admin/profile, a coach's /coach/account; decision 0054): what it shows, for the
 * account its route's guard returned.
 */
export function profilePageData(request: Request, user: SessionUser) {
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

/** The page's forms: two-factor setup (two steps) and the password change; `page` is the page to come back to. */
export async function profilePageAction(request: Request, context: Context, user: SessionUser, page: string) {
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
      return redirectWithToast(page, twoFactorNotices.enabled, { headers });
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
  if (result.status === 200) return redirectWithToast(page, result.notice, { headers });
  return data({ notice: result.notice }, { status: result.status, headers });
}

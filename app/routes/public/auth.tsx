import { data, redirect } from "react-router";
import { z } from "~/core/zod";
import { env } from "~/core/env.server";
import { formText, readForm } from "~/core/form.server";
import { getDb } from "~/db/context";
import { SetPasswordScreen, SignInScreen, type AuthResult } from "~/features/accounts/sign-in/auth-screen";
import { CodeScreen } from "~/features/accounts/sign-in/two-factor-screens";
import { verifySignInCode } from "~/features/accounts/sign-in/two-factor.server";
import { getSessionUser } from "~/features/accounts/guards.server";
import { authNotices, newPasswordNotice } from "~/features/accounts/notices";
import { newPasswordProblem } from "~/features/accounts/password-policy";
import { afterSignInPath } from "~/features/accounts/access";
import {
  accountForResetToken,
  completePasswordReset,
  requestPasswordReset,
  signIn,
} from "~/features/accounts/sign-in/sign-in.server";
import { pageMeta } from "~/features/shell/meta";
import { useSite } from "~/features/shell/use-site";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Sign In", description: "Sign in to the district's admin area.", path: "/auth" }),
  { name: "robots", content: "noindex" },
];

/** docs/product.md: Set New Password mode when the URL has reset=true or a recovery token. */
function resetMode(url: URL) {
  const token = url.searchParams.get("token");
  const isReset =
    url.searchParams.get("reset") === "true" || Boolean(token) || url.searchParams.get("type") === "recovery";
  return { isReset, token };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { isReset, token } = resetMode(url);
  // A signed-in visitor goes on to the admin area, except while resetting a password.
  const signedIn = isReset ? null : await getSessionUser(request, context);
  if (signedIn) throw redirect(afterSignInPath(url.searchParams.get("redirectTo"), signedIn.role));
  const tokenValid = token ? Boolean(await accountForResetToken(getDb(context), token)) : false;
  return {
    mode: isReset
      ? ("reset" as const)
      : url.searchParams.get("step") === "code"
        ? ("code" as const)
        : ("sign-in" as const),
    token,
    tokenValid,
    redirectTo: url.searchParams.get("redirectTo"),
  };
}

const emailSchema = z.email();

function reply(result: AuthResult, status: number) {
  return data(result, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const text = (name: string) => formText(form, name);

  if (intent === "sign-in") {
    const email = text("email").trim();
    if (!emailSchema.safeParse(email).success || !text("password")) {
      return reply({ intent, notice: authNotices.accountNotFound, email }, 400);
    }
    const result = await signIn(request, context, {
      email,
      password: text("password"),
      redirectTo: text("redirectTo"),
    });
    if (result.ok) return result.response;
    return reply({ intent, notice: result.notice, email }, result.status);
  }

  if (intent === "forgot") {
    const email = text("email").trim();
    if (!emailSchema.safeParse(email).success) return reply({ intent, notice: authNotices.invalidEmail, email }, 400);
    const notice = await requestPasswordReset(request, context, email);
    return reply({ intent, notice, email }, notice.title === "Too Many Requests" ? 429 : 200);
  }

  if (intent === "set-password") {
    const password = text("password");
    const problem = newPasswordProblem(password, text("confirmPassword"), env().SITE_SHORT_NAME);
    if (problem) return reply({ intent, notice: newPasswordNotice(problem) }, 400);
    const result = await completePasswordReset(request, context, { token: text("token"), password });
    if (result.ok) return result.response;
    return reply({ intent, notice: result.notice }, 400);
  }

  if (intent === "verify-code") {
    const result = await verifySignInCode(request, context, {
      code: text("code"),
      trustDevice: text("trustDevice") === "on",
      redirectTo: text("redirectTo"),
    });
    if (result.ok) return result.response;
    return data<AuthResult>({ intent, notice: result.notice }, { status: result.status, headers: result.headers });
  }

  return reply({ intent: "sign-in", notice: authNotices.unexpected }, 400);
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shortName } = useSite();
  if (loaderData.mode === "reset") {
    return (
      <SetPasswordScreen
        result={actionData}
        token={loaderData.token}
        tokenValid={loaderData.tokenValid}
        shortName={shortName}
      />
    );
  }
  if (loaderData.mode === "code") return <CodeScreen result={actionData} redirectTo={loaderData.redirectTo} />;
  return <SignInScreen result={actionData} redirectTo={loaderData.redirectTo} />;
}

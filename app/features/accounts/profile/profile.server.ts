import { APIError } from "better-auth/api";
import type { RouterContextProvider } from "react-router";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { returnRateLimitHit, takeRateLimit } from "~/db/rate-limit.server";
import { getDb } from "~/db/context";
import { writeAudit } from "../audit.server";
import { getAuth } from "../auth.server";
import type { SessionUser } from "../guards.server";
import { authNotices, newPasswordNotice, profileNotices, type Notice } from "../notices";
import { newPasswordProblem } from "../password-policy";
import { keys, limits, waitText } from "../sign-in/rate-limit.server";
import { endOtherSessions, sessionTokenIn } from "../session-revocation.server";
import { trustedDeviceCookie } from "../sign-in/trusted-device.server";

export type ChangePasswordResult = { notice: Notice; status: number; setCookie: string[] };

/**
 * The profile's password change: the current password, then a new one that
 * meets the policy. Other sessions end; this one is renewed.
 */
export async function changeOwnPassword(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  input: { currentPassword: string; password: string; confirmPassword: string },
): Promise<ChangePasswordResult> {
  const problem = newPasswordProblem(input.password, input.confirmPassword, env().SITE_SHORT_NAME);
  if (problem) return { notice: newPasswordNotice(problem), status: 400, setCookie: [] };
  const db = getDb(context);
  // A stolen session must not be able to guess the password behind it: checks are limited per account, each counted
  // before it is made (a parallel burst cannot all be checked first), and a right one given back.
  const limitKey = keys.passwordCheck(user.id);
  const limited = await takeRateLimit(db, limitKey, limits.passwordCheckPerAccount);
  if (!limited.allowed) {
    return {
      notice: profileNotices.tooManyPasswordChecks(waitText(limited.retryAfterSeconds)),
      status: 429,
      setCookie: [],
    };
  }
  try {
    const { headers } = await getAuth(db).api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await returnRateLimitHit(db, limitKey);
    // better-auth ended the other sessions; its "Trust this browser" records and our device cookies go too.
    const setCookie = headers.getSetCookie();
    await endOtherSessions(db, user.id, sessionTokenIn(setCookie));
    setCookie.push(await trustedDeviceCookie(user.email, null));
    await writeAudit(db, { actor: user, action: "password.change", target: user });
    return { notice: authNotices.passwordUpdated, status: 200, setCookie };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") {
      return { notice: profileNotices.wrongCurrentPassword, status: 400, setCookie: [] };
    }
    logger.error({ err: error }, "password change failed");
    return { notice: authNotices.passwordUpdateError("An unexpected error occurred."), status: 500, setCookie: [] };
  }
}

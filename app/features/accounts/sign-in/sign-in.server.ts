import { and, eq, gt, inArray } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { logger } from "~/core/logger.server";
import { claimAttempt, clearFailures, returnRateLimitHit, takeRateLimit } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import { safeRedirect } from "~/core/safe-redirect";
import { redirectWithToast } from "~/core/toast.server";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/context";
import { sessions, users, verifications } from "~/db/schema/accounts";
import { writeAudit } from "../audit.server";
import { getAuth, resetVerificationIdentifiers } from "../auth.server";
import { authNotices, type Notice } from "../notices";
import { failureDelaySeconds, keys, limits, waitText } from "./rate-limit.server";
import { afterSignInPath, SIGN_IN_PATHS } from "../access";
import { endOtherSessions } from "../session-revocation.server";
import { roleOf } from "../roles.server";
import { OLD_DEVICE_COOKIE_EXPIRY, trustedDeviceCookie, trustedDeviceFor } from "./trusted-device.server";

type Context = Readonly<RouterContextProvider>;

export function clientAddress(context: Context): string {
  return context.get(requestInfoContext).clientAddress ?? "unknown";
}

/** The sign-in's second step (two-factor), keeping where to go afterwards. */
export function codeStepPath(redirectTo: string | null | undefined): string {
  const params = new URLSearchParams({ step: "code" });
  if (redirectTo) params.set("redirectTo", afterSignInPath(redirectTo));
  return `/auth?${params}`;
}

const throttled = (verdict: { retryAfterSeconds: number }) =>
  ({ ok: false, notice: authNotices.signInThrottled(waitText(verdict.retryAfterSeconds)), status: 429 }) as const;

export type SignInResult = { ok: true; response: Response } | { ok: false; notice: Notice; status: number };

/**
 * Checks the limits, signs in through better-auth and redirects with its
 * session cookie. Failures are counted by account and address together, or
 * by account and device for a browser holding the account's device cookie
 * (trusted-device.server.ts): each has its own slowdown after three failures
 * in a row, so a stranger cannot lock the owner out. Browsers the account does
 * not know also share a per-address limit and, for guessing from many
 * addresses, a per-account one; the owner's known browser passes both.
 */
export async function signIn(
  request: Request,
  context: Context,
  input: { email: string; password: string; redirectTo?: string | null },
): Promise<SignInResult> {
  const db = getDb(context);
  const email = input.email.trim().toLowerCase();
  const address = clientAddress(context);
  const ipKey = keys.signInIp(address);
  const accountKey = keys.signInAccount(email);
  const device = await trustedDeviceFor(db, request, email);
  const streakKey = device ? keys.signInDevice(email, device) : keys.signInAccountAddress(email, address);
  // Every attempt is counted before the password is checked, as if it will fail (decision 0037: read before and written
  // after, a parallel burst was checked in full before its first failure counted); a success gives its count back.
  const streak = await claimAttempt(db, streakKey, failureDelaySeconds);
  if (!streak.allowed) return throttled(streak);
  const windows = device
    ? []
    : [
        { key: ipKey, rule: limits.signInFailuresPerIp },
        { key: accountKey, rule: limits.signInFailuresPerAccount },
      ];
  for (const { key, rule } of windows) {
    const verdict = await takeRateLimit(db, key, rule);
    if (!verdict.allowed) return throttled(verdict);
  }
  try {
    const { headers, response: answer } = await getAuth(db).api.signInEmail({
      body: { email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    await clearFailures(db, streakKey);
    for (const { key } of windows) await returnRateLimitHit(db, key);
    // With two-factor sign-in on, the password only opens the second step (a code), on /auth?step=code.
    const secondStep = Boolean((answer as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect);
    logger.info(
      { event: secondStep ? "sign-in-password" : "sign-in", knownDevice: Boolean(device) },
      secondStep ? "password accepted; code asked" : "signed in",
    );
    const setCookie = headers.getSetCookie();
    const userId = (answer as { user?: { id?: string } } | null)?.user?.id;
    const role = userId && !secondStep ? await roleOf(db, userId) : undefined;
    const response = redirect(secondStep ? codeStepPath(input.redirectTo) : afterSignInPath(input.redirectTo, role));
    for (const cookie of setCookie) response.headers.append("Set-Cookie", cookie);
    // With a code still to come, a browser becomes known only once the code is right (two-factor.server.ts): the
    // password alone must not make a stranger's browser one the code limits trust (decision 0044).
    if (!secondStep || device) response.headers.append("Set-Cookie", await trustedDeviceCookie(email, device));
    response.headers.append("Set-Cookie", OLD_DEVICE_COOKIE_EXPIRY);
    return { ok: true, response };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_EMAIL_OR_PASSWORD") {
      return { ok: false, notice: authNotices.accountNotFound, status: 401 };
    }
    if (error instanceof APIError) {
      return {
        ok: false,
        notice: authNotices.signInError(error.body?.message ?? error.message),
        status: error.statusCode,
      };
    }
    logger.error({ err: error }, "sign-in failed unexpectedly");
    return { ok: false, notice: authNotices.unexpected, status: 500 };
  }
}

/** Ends the session and returns home; on failure stays put with "Failed to sign out.". */
export async function signOut(request: Request, context: Context): Promise<Response> {
  try {
    const db = getDb(context);
    const auth = getAuth(db);
    // better-auth logs and ignores a failed delete; the session must really end, so we delete it ourselves first.
    const current = await auth.api.getSession({ headers: request.headers, query: { disableRefresh: true } });
    if (current) await db.delete(sessions).where(eq(sessions.token, current.session.token));
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    const response = redirect("/");
    for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    const referer = request.headers.get("Referer");
    const back = referer ? safeRedirect(new URL(referer, request.url).pathname, { avoid: SIGN_IN_PATHS }) : "/";
    return redirectWithToast(back, { type: "error", title: "Failed to sign out." });
  }
}

/**
 * Sends a reset link when the address has an account. The answer never says
 * whether it has one; only the limits can refuse. A browser holding the
 * account's device cookie has its own allowance, so a stranger asking for
 * links elsewhere cannot spend the owner's.
 */
export async function requestPasswordReset(request: Request, context: Context, email: string): Promise<Notice> {
  const db = getDb(context);
  const normalized = email.trim().toLowerCase();
  const device = await trustedDeviceFor(db, request, normalized);
  const emailKey = device ? keys.resetEmailDevice(normalized, device) : keys.resetEmail(normalized);
  const perEmail = await takeRateLimit(db, emailKey, limits.resetPerEmail);
  const perIp = await takeRateLimit(db, keys.resetIp(clientAddress(context)), limits.resetPerIp);
  const perDay = device ? null : await takeRateLimit(db, keys.resetEmailDay(normalized), limits.resetPerEmailDay);
  if (!perEmail.allowed || !perIp.allowed || perDay?.allowed === false) return authNotices.tooManyResets;
  try {
    await getAuth(db).api.requestPasswordReset({ body: { email: normalized } });
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
  }
  return authNotices.resetSent;
}

/** The account a reset token belongs to, while it is still valid. */
export async function accountForResetToken(db: Database, token: string) {
  if (!token) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(
        inArray(verifications.identifier, await resetVerificationIdentifiers(token)),
        gt(verifications.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/**
 * Sets the new password with a single-use token, ends the account's other
 * sessions, then signs it in and goes to /orders (docs/product.md#4-states-and-transitions).
 */
export async function completePasswordReset(
  request: Request,
  context: Context,
  input: { token: string; password: string },
): Promise<{ ok: true; response: Response } | { ok: false; notice: Notice }> {
  const db = getDb(context);
  const account = await accountForResetToken(db, input.token);
  if (!account) return { ok: false, notice: authNotices.resetLinkInvalid };
  const auth = getAuth(db);
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    logger.warn({ err: error }, "password reset failed");
    return { ok: false, notice: authNotices.resetLinkInvalid };
  }
  await writeAudit(db, {
    actor: account,
    action: "password.reset",
    target: account,
  });
  await endOtherSessions(db, account.id);
  await clearFailures(db, keys.signInAccountAddress(account.email, clientAddress(context)));
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: account.email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    const response = await redirectWithToast("/orders", authNotices.passwordUpdated);
    for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return { ok: true, response };
  } catch {
    // The password is set; an account without a role simply signs in elsewhere later.
    return { ok: true, response: await redirectWithToast("/auth", authNotices.passwordUpdated) };
  }
}

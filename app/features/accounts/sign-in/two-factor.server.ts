import { APIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { checkRateLimit, retryAfterHeader, returnRateLimitHit, takeRateLimit } from "~/db/rate-limit.server";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/context";
import { sessions, twoFactors, users, verifications } from "~/db/schema/accounts";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { afterSignInPath } from "../access";
import type { Actor } from "~/core/actor";
import { roleOf } from "../roles.server";
import { writeAudit } from "../audit.server";
import { getAuth } from "../auth.server";
import { clientAddress } from "./sign-in.server";
import { endOtherSessions, sessionTokenIn } from "../session-revocation.server";
import { trustedDeviceCookie, trustedDeviceFor } from "./trusted-device.server";
import { keys, limits, waitText } from "./rate-limit.server";
import { twoFactorNotices } from "./two-factor-notices";
import { userNotices, type Notice } from "../notices";
import { isProtectedEmail } from "../roles";

type Context = Readonly<RouterContextProvider>;

/**
 * Our limits around better-auth's own count of 5 codes per challenge. The plugin's account lock (10 wrong codes in a
 * row lock the account's code step everywhere) is off: whoever knows the password could keep the owner out with it
 * (decision 0044). Wrong codes are counted per client instead (wrongPerClient), and from browsers the account does not
 * know together (wrongFromNewBrowsers), which never stops its known browsers or a recovery code.
 */
export const twoFactorLimits = {
  /** Wrong codes for one account from one client: its known browser (device cookie), or else its address. */
  wrongPerClient: { max: 10, windowSeconds: 15 * 60 },
  /** Wrong 6-digit codes for one account from every browser without its device cookie, together (guessing). */
  wrongFromNewBrowsers: { max: 20, windowSeconds: 15 * 60 },
  /** The owner is emailed at most this often about wrong codes. */
  wrongCodesEmail: { max: 1, windowSeconds: 60 * 60 },
  /** Codes entered from one client address, any account. */
  codesPerAddress: { max: 30, windowSeconds: 15 * 60 },
  /**
   * Codes entered for one sign-in's challenge (its two-factor cookie), counted before the code is checked: the
   * plugin's own count of 5 is read and written around the check, so a parallel burst could exceed it (decision 0037).
   */
  codesPerChallenge: { max: 5, windowSeconds: 15 * 60 },
  /** Setup confirmations per account (the signed-in step has no per-challenge count of its own). */
  setupPerAccount: { max: 10, windowSeconds: 15 * 60 },
  /** A TOTP code is good once: remembered for longer than it is valid (30 s steps, one step either side). */
  usedCode: { max: 1, windowSeconds: 120 },
};

const isTotp = (code: string) => /^\d{6}$/.test(code);
const normalizeCode = (code: string) => code.replace(/\s/g, "");

/**
 * Replay guard: better-auth accepts a TOTP code for its whole window, so a
 * code seen over someone's shoulder would work twice. The first use of a code
 * for an account wins; a second is refused.
 */
async function firstUseOfCode(db: Database, userId: string, code: string): Promise<boolean> {
  return (await takeRateLimit(db, `totp-used:${userId}:${code}`, twoFactorLimits.usedCode)).allowed;
}

export type SignInCodeResult =
  { ok: true; response: Response } | { ok: false; notice: Notice; status: number; headers?: HeadersInit };

/**
 * The sign-in's second step: a 6-digit TOTP code or a recovery code, with the
 * two-factor cookie the password step set. "Trust this device" skips the code
 * on this browser for 30 days.
 */
export async function verifySignInCode(
  request: Request,
  context: Context,
  input: { code: string; trustDevice: boolean; redirectTo?: string | null },
): Promise<SignInCodeResult> {
  const db = getDb(context);
  const code = normalizeCode(input.code);
  if (!code || code.length > 32) return { ok: false, notice: twoFactorNotices.codeRequired, status: 400 };
  const perAddress = await takeRateLimit(db, `2fa:ip:${clientAddress(context)}`, twoFactorLimits.codesPerAddress);
  if (!perAddress.allowed) {
    return {
      ok: false,
      notice: twoFactorNotices.tooMany(waitText(perAddress.retryAfterSeconds)),
      status: 429,
      headers: retryAfterHeader(perAddress),
    };
  }
  const challenge = challengeOf(request);
  if (!challenge) return { ok: false, notice: twoFactorNotices.expired, status: 401 };
  const perChallenge = await takeRateLimit(db, `2fa:challenge:${challenge}`, twoFactorLimits.codesPerChallenge);
  if (!perChallenge.allowed) return { ok: false, notice: twoFactorNotices.challengeSpent, status: 429 };
  const account = await challengeAccount(db, challenge);
  if (!account) return { ok: false, notice: twoFactorNotices.expired, status: 401 };
  // Wrong codes are counted before the check (a parallel burst counts at once) and given back on success.
  const device = await trustedDeviceFor(db, request, account.email);
  const clientKey = device
    ? `2fa:wrong:${account.id}:device:${device}`
    : `2fa:wrong:${account.id}:ip:${clientAddress(context)}`;
  const perClient = await takeRateLimit(db, clientKey, twoFactorLimits.wrongPerClient);
  if (!perClient.allowed) {
    return {
      ok: false,
      notice: twoFactorNotices.lockedHere(waitText(perClient.retryAfterSeconds)),
      status: 429,
      headers: retryAfterHeader(perClient),
    };
  }
  // A recovery code (a long random secret) and the account's known browsers are not held by strangers' guesses.
  const newBrowsersKey = !device && isTotp(code) ? `2fa:wrong:${account.id}:new-browsers` : null;
  if (newBrowsersKey) {
    const together = await takeRateLimit(db, newBrowsersKey, twoFactorLimits.wrongFromNewBrowsers);
    if (!together.allowed) {
      await returnRateLimitHit(db, clientKey);
      return {
        ok: false,
        notice: twoFactorNotices.lockedForNewBrowsers(waitText(together.retryAfterSeconds)),
        status: 429,
        headers: retryAfterHeader(together),
      };
    }
  }
  const auth = getAuth(db);
  let wrong = true;
  try {
    const body = { code, trustDevice: input.trustDevice };
    const { headers, response } = isTotp(code)
      ? await auth.api.verifyTOTP({ body, headers: request.headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body, headers: request.headers, returnHeaders: true });
    const { user, token } = response as { user: { id: string }; token: string };
    if (isTotp(code) && !(await firstUseOfCode(db, user.id, code))) {
      await db.delete(sessions).where(eq(sessions.token, token));
      logger.warn({ userId: user.id }, "a used two-factor code was entered again");
      return { ok: false, notice: twoFactorNotices.codeUsed, status: 401 };
    }
    wrong = false;
    const done = redirect(afterSignInPath(input.redirectTo, await roleOf(db, user.id)));
    for (const cookie of headers.getSetCookie()) done.headers.append("Set-Cookie", cookie);
    // Both factors passed: this browser is now one the account knows (its wrong codes counted on their own).
    done.headers.append("Set-Cookie", await trustedDeviceCookie(account.email, device));
    logger.info(
      { event: "sign-in", secondFactor: isTotp(code) ? "totp" : "recovery-code" },
      "signed in with two factors",
    );
    return { ok: true, response: done };
  } catch (error) {
    const refusal = codeRefusal(error);
    wrong = refusal.notice === twoFactorNotices.wrongCode;
    return { ok: false, ...refusal };
  } finally {
    if (!wrong) {
      await returnRateLimitHit(db, clientKey);
      if (newBrowsersKey) await returnRateLimitHit(db, newBrowsersKey);
    } else {
      await tellOwnerWhenHeld(db, account, { clientKey, newBrowsersKey, knownBrowser: device !== null });
    }
  }
}

/** The account whose sign-in `challenge` (the two-factor cookie's value) is, while it is still valid. */
async function challengeAccount(db: Database, challenge: string): Promise<{ id: string; email: string } | null> {
  let value: string;
  try {
    value = decodeURIComponent(challenge);
  } catch {
    return null;
  }
  // better-auth signs the cookie as "<identifier>.<signature>".
  const identifier = value.slice(0, Math.max(0, value.lastIndexOf(".")));
  if (!identifier) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
  return row ?? null;
}

/**
 * After a wrong code: when it filled a client's or the new browsers' allowance, the owner is told by email (at most
 * once an hour): someone who knows the password is entering codes, and where they are held.
 */
async function tellOwnerWhenHeld(
  db: Database,
  account: { id: string; email: string },
  keysOf: { clientKey: string; newBrowsersKey: string | null; knownBrowser: boolean },
) {
  const clientFull = !(await checkRateLimit(db, keysOf.clientKey, twoFactorLimits.wrongPerClient)).allowed;
  const newBrowsersFull = keysOf.newBrowsersKey
    ? !(await checkRateLimit(db, keysOf.newBrowsersKey, twoFactorLimits.wrongFromNewBrowsers)).allowed
    : false;
  if (!clientFull && !newBrowsersFull) return;
  if (!(await takeRateLimit(db, `2fa:wrong-email:${account.id}`, twoFactorLimits.wrongCodesEmail)).allowed) return;
  const { SITE_NAME } = env();
  const where = keysOf.knownBrowser ? "from a browser that signed in to your account before" : "from a new browser";
  const { html, text } = renderEmail({
    title: "Wrong two-factor codes for your account",
    intro: [
      `Someone signed in to your ${SITE_NAME} account (${account.email}) with your password, then entered wrong two-factor codes ${where}.`,
      newBrowsersFull
        ? "Codes from new browsers are paused for 15 minutes. Browsers you signed in with before, and your recovery codes, still work."
        : "Codes from there are paused for 15 minutes. Your other browsers, and your recovery codes, still work.",
      "If this was not you, change your password now: whoever entered the codes knows it.",
    ],
  });
  await queueEmail(db, {
    to: account.email,
    subject: `Wrong two-factor codes for your ${SITE_NAME} account`,
    text,
    html,
  });
  logger.warn(
    { userId: account.id, newBrowsersFull },
    "two-factor codes held after wrong codes; the owner was emailed",
  );
}

/** The sign-in's challenge: its two-factor cookie's value (signed by better-auth), or null without one. */
function challengeOf(request: Request): string | null {
  const match = /(?:^|;\s*)(?:__Host-)?citron\.two_factor=([^;]+)/.exec(request.headers.get("Cookie") ?? "");
  return match?.[1] ?? null;
}

function codeRefusal(error: unknown): { notice: Notice; status: number } {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_TWO_FACTOR_COOKIE") return { notice: twoFactorNotices.expired, status: 401 };
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return { notice: twoFactorNotices.challengeSpent, status: 429 };
    if (code === "ACCOUNT_LOCKED" || /lock/i.test(code ?? "")) return { notice: twoFactorNotices.locked, status: 429 };
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE")
      return { notice: twoFactorNotices.wrongCode, status: 401 };
    logger.warn({ err: error }, "two-factor verification refused");
    return {
      notice: twoFactorNotices.wrongCode,
      status: error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400,
    };
  }
  logger.error({ err: error }, "two-factor verification failed unexpectedly");
  return { notice: twoFactorNotices.unexpected, status: 500 };
}

export type SetupStart =
  { ok: true; secret: string; uri: string; backupCodes: string[] } | { ok: false; notice: Notice; status: number };

/** Step 1 of setting up: the password again; answers the secret, its otpauth URI and the recovery codes (shown once). */
export async function startTwoFactorSetup(
  request: Request,
  context: Context,
  user: { id: string },
  password: string,
): Promise<SetupStart> {
  const db = getDb(context);
  if (!password) return { ok: false, notice: twoFactorNotices.passwordRequired, status: 400 };
  // The profile's one limit on password checks (a stolen session must not guess the password), counted first.
  const limitKey = keys.passwordCheck(user.id);
  const limited = await takeRateLimit(db, limitKey, limits.passwordCheckPerAccount);
  if (!limited.allowed) {
    return { ok: false, notice: twoFactorNotices.tooMany(waitText(limited.retryAfterSeconds)), status: 429 };
  }
  try {
    const result = await getAuth(db).api.enableTwoFactor({
      body: { password, issuer: env().SITE_NAME },
      headers: request.headers,
    });
    await returnRateLimitHit(db, limitKey);
    const { totpURI, backupCodes } = result as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return { ok: true, secret, uri: totpURI, backupCodes };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_PASSWORD") return { ok: false, notice: twoFactorNotices.wrongPassword, status: 400 };
      if (code === "TOTP_ALREADY_ENABLED") return { ok: false, notice: twoFactorNotices.alreadyOn, status: 409 };
    }
    logger.error({ err: error }, "two-factor setup failed");
    return { ok: false, notice: twoFactorNotices.unexpected, status: 500 };
  }
}

/** Step 2: the first code from the app turns two-factor sign-in on (and renews the session: its Set-Cookie). */
export async function confirmTwoFactorSetup(
  request: Request,
  context: Context,
  user: { id: string; email: string },
  rawCode: string,
): Promise<{ ok: true; setCookie: string[] } | { ok: false; notice: Notice; status: number }> {
  const db = getDb(context);
  const code = normalizeCode(rawCode);
  if (!isTotp(code)) return { ok: false, notice: twoFactorNotices.codeRequired, status: 400 };
  const limit = await takeRateLimit(db, `2fa-setup:user:${user.id}`, twoFactorLimits.setupPerAccount);
  if (!limit.allowed)
    return { ok: false, notice: twoFactorNotices.tooMany(waitText(limit.retryAfterSeconds)), status: 429 };
  try {
    const { headers } = await getAuth(db).api.verifyTOTP({
      body: { code },
      headers: request.headers,
      returnHeaders: true,
    });
    await firstUseOfCode(db, user.id, code);
    // Sessions opened with the password alone, elsewhere, would keep their access: they end (decision 0037).
    const setCookie = headers.getSetCookie();
    await endOtherSessions(db, user.id, sessionTokenIn(setCookie));
    setCookie.push(await trustedDeviceCookie(user.email, null));
    await writeAudit(db, {
      actor: await who(db, user.id),
      action: "user.two_factor_enable",
      target: await who(db, user.id),
    });
    return { ok: true, setCookie };
  } catch (error) {
    return { ok: false, ...codeRefusal(error) };
  }
}

async function who(db: Database, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? { id: userId, email: "(unknown)" };
}

/**
 * Turns an account's second factor off (a lost device): its authenticator
 * secret and recovery codes go, its sessions end and its trusted browsers are
 * forgotten, and it must set up again at its next sign-in when the requirement
 * applies. Audited with who did it.
 */
export async function resetTwoFactor(db: Database, actor: Actor, target: { id: string; email: string }) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, target.id));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, target.id));
    await endOtherSessions(tx, target.id);
    await writeAudit(tx, { actor, action: "user.two_factor_reset", target });
  });
}

/**
 * Users' "Reset Two-Factor": another admin turns off an account's second
 * factor. Not one's own (sign in with a recovery code instead) and not the
 * protected admin's (the command line does that: `npm run user:reset-2fa`).
 */
export async function adminResetTwoFactor(
  db: Database,
  actor: Actor,
  input: { userId: string },
): Promise<{ ok: boolean; notice: Notice; status: number }> {
  const [target] = input.userId
    ? await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.userId))
    : [];
  if (!target) return { ok: false, notice: userNotices.userNotFound, status: 404 };
  if (target.id === actor.id) return { ok: false, notice: twoFactorNotices.notOwnReset, status: 403 };
  if (isProtectedEmail(target.email, env().PROTECTED_ADMIN_EMAIL))
    return { ok: false, notice: twoFactorNotices.protectedReset, status: 403 };
  await resetTwoFactor(db, actor, target);
  return { ok: true, notice: twoFactorNotices.resetDone(target.email), status: 200 };
}

import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { eq } from "drizzle-orm";
import { env } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";

/**
 * The sign-in's device cookie (OWASP's "device cookies" against lockout
 * abuse; decision 0028). A browser that once signed in to an account keeps a
 * signed, HttpOnly cookie naming that account (hashed) and a random device id.
 * Failed sign-ins from it are counted for that device alone, so a stranger's
 * failures elsewhere, which slow the account down for every browser without
 * the cookie, never keep the owner's own browser out.
 */
export const DEVICE_COOKIE = "citron_device";
export const DEVICE_DAYS = 180;

let cookie: ReturnType<typeof createCookie> | undefined;
let cookieSecret: string | undefined;

function deviceCookie() {
  const config = env();
  if (!cookie || cookieSecret !== config.SESSION_SECRET) {
    cookieSecret = config.SESSION_SECRET;
    cookie = createCookie(DEVICE_COOKIE, {
      // Path=/ and not /auth: with JavaScript the form posts to /auth.data (and /masterdebater.data), where a
      // cookie of path /auth is never sent, so the owner's browser lost its exemption (decision 0037).
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.PUBLIC_URL.startsWith("https://"),
      maxAge: DEVICE_DAYS * 24 * 60 * 60,
      secrets: [config.SESSION_SECRET],
    });
  }
  return cookie;
}

const accountTag = (email: string) =>
  createHash("sha256").update(`device:${email.trim().toLowerCase()}`).digest("base64url").slice(0, 22);

/** The account's tag, the device id and when the cookie was issued (ms; absent in cookies from before decision 0037). */
type DeviceValue = { a: string; d: string; t?: number };

/**
 * The request's device id when its cookie is genuine, for this account, and
 * issued after the account last forgot its trusted browsers (users.devicesRevokedAt); otherwise null.
 */
export async function trustedDeviceFor(db: Database, request: Request, email: string): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${DEVICE_COOKIE}=`)) return null;
  const value = (await deviceCookie()
    .parse(header)
    .catch(() => null)) as DeviceValue | null;
  if (!value || typeof value.a !== "string" || typeof value.d !== "string" || !/^[A-Za-z0-9_-]{22}$/.test(value.d))
    return null;
  if (value.a !== accountTag(email)) return null;
  const [account] = await db
    .select({ revokedAt: users.devicesRevokedAt })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (account?.revokedAt && !(typeof value.t === "number" && value.t > account.revokedAt.getTime())) return null;
  return value.d;
}

/** Set-Cookie for the device that just signed in to `email` (its id kept, or a new one). */
export function trustedDeviceCookie(email: string, deviceId: string | null): Promise<string> {
  return deviceCookie().serialize({
    a: accountTag(email),
    d: deviceId ?? randomBytes(16).toString("base64url"),
    t: Date.now(),
  } satisfies DeviceValue);
}

/** Expires the cookie of the same name that earlier versions set with Path=/auth (it would shadow the new one there). */
export const OLD_DEVICE_COOKIE_EXPIRY = `${DEVICE_COOKIE}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax`;

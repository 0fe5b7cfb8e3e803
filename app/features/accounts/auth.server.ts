import { createHash } from "node:crypto";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { accounts, sessions, twoFactors, userRoles, users, verifications } from "~/db/schema/accounts";
import { queueResetEmail } from "./account-emails.server";

/** How long a password-reset link works (seconds). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
const SESSION_DAYS = 7;
/** How long the second step of a sign-in (the code) may take. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/** better-auth's verification identifier of a password-reset token. */
const RESET_IDENTIFIER_PREFIX = "reset-password:";

/**
 * What the verification table stores for a reset token's identifier: its SHA-256 (base64url), never the token, so a
 * copy of the table (a backup) holds no working reset link (decision 0044). better-auth hashes with this function
 * (`verification.storeIdentifier`), and `resetVerificationIdentifiers` finds the row by it.
 */
async function hashedIdentifier(identifier: string): Promise<string> {
  return createHash("sha256").update(identifier).digest("base64url");
}

/** The identifiers a reset token's row may have: hashed, or plain (a link sent before hashing, valid for an hour). */
export async function resetVerificationIdentifiers(token: string): Promise<string[]> {
  const plain = `${RESET_IDENTIFIER_PREFIX}${token}`;
  return [await hashedIdentifier(plain), plain];
}

export const NO_ROLE_MESSAGE = "This account has no access. Ask an administrator to assign a role.";

/**
 * better-auth configured for the district. Our own loaders and actions call
 * its server API; its HTTP handler is not mounted, so there is no public
 * sign-up (or any other) auth endpoint to attack.
 */
function createAuth(db: Database) {
  const config = env();
  const secure = config.PUBLIC_URL.startsWith("https://");
  // __Host- cookies: Secure, Path=/, no Domain, so no subdomain can set or read them.
  const cookieName = (name: string) => (secure ? `__Host-citron.${name}` : `citron.${name}`);
  return betterAuth({
    appName: config.SITE_NAME,
    baseURL: config.PUBLIC_URL,
    secret: config.SESSION_SECRET,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await queueResetEmail(db, { email: user.email, token });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * SESSION_DAYS, updateAge: 60 * 60 * 24 },
    // Reset tokens are stored hashed; the other identifiers (the trusted devices' ids, which
    // session-revocation.server.ts finds by prefix) stay as they are.
    verification: {
      storeIdentifier: { default: "plain", overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: hashedIdentifier } } },
    },
    // Our own limiter (rate-limit.server.ts) covers the forms; the handler is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: false,
      cookies: {
        session_token: { name: cookieName("session_token"), attributes: { secure } },
        session_data: { name: cookieName("session_data"), attributes: { secure } },
        dont_remember: { name: cookieName("dont_remember"), attributes: { secure } },
        account_data: { name: cookieName("account_data"), attributes: { secure } },
        two_factor: { name: cookieName("two_factor"), attributes: { secure } },
        trust_device: { name: cookieName("trust_device"), attributes: { secure } },
      },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure },
    },
    databaseHooks: {
      session: {
        create: {
          // "Deleting" a user removes the role: such an account may not sign in.
          async before(session) {
            const [role] = await db
              .select({ role: userRoles.role })
              .from(userRoles)
              .where(eq(userRoles.userId, session.userId));
            if (!role) throw new APIError("FORBIDDEN", { message: NO_ROLE_MESSAGE, code: "NO_ROLE" });
          },
          async after(session) {
            await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
      },
    },
    logger: {
      log(level, message) {
        logger[level]({ source: "better-auth" }, message);
      },
    },
    telemetry: { enabled: false },
    plugins: [
      // TOTP with recovery codes (decision 0028). A challenge allows 5 codes, then a new sign-in. The plugin's
      // account lock is off: it let a password holder keep the owner out; two-factor.server.ts counts wrong codes
      // per client instead (decision 0044).
      twoFactor({
        issuer: config.SITE_NAME,
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        trustDeviceMaxAge: 30 * 24 * 60 * 60,
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: false },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Auth>();

/** The auth instance for this database (one per database; tests have their own). */
export function getAuth(db: Database): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}

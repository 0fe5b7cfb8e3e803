import { and, eq, like, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions, users, verifications } from "~/db/schema/accounts";

/**
 * Ends an account's other sessions and forgets its trusted browsers (decision 0037): two-factor enrolment, a
 * two-factor reset and a password change or reset call it, so a session or a "Trust this browser" from before
 * the change gives no access after it. `keepToken` is the session of the person making the change (none for an
 * admin's or the command line's reset). Forgotten: better-auth's "Trust this browser" records (which skip the
 * code) and the sign-in's device cookies (trusted-device.server.ts), issued before now.
 */
export async function endOtherSessions(db: Database, userId: string, keepToken: string | null = null) {
  const mine = eq(sessions.userId, userId);
  const ended = await db
    .delete(sessions)
    .where(keepToken ? and(mine, ne(sessions.token, keepToken)) : mine)
    .returning({ id: sessions.id });
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, "trust-device-%"), eq(verifications.value, userId)));
  // A millisecond back, so the cookie this very response gives the person's own browser is issued after it.
  await db
    .update(users)
    .set({ devicesRevokedAt: new Date(Date.now() - 1) })
    .where(eq(users.id, userId));
  return { sessionsEnded: ended.length };
}

/** The session token a Set-Cookie list gives the browser (better-auth signs it as `token.signature`), if any. */
export function sessionTokenIn(setCookie: string[]): string | null {
  for (const line of setCookie) {
    const match = /^(?:__Host-)?citron\.session_token=([^;]*)/.exec(line);
    if (match?.[1]) return decodeURIComponent(match[1]).split(".")[0] ?? null;
  }
  return null;
}

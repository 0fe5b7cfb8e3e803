import { lt } from "drizzle-orm";
import { pruneRateLimits } from "~/db/rate-limit.server";
import type { Database } from "~/db/client.server";
import { hourlyPrune } from "~/db/periodic-worker.server";
import { sessions, verifications } from "~/db/schema/accounts";

/**
 * Removes what has run out: expired sessions and reset tokens, and limiter
 * rows whose window and wait ended a day ago.
 */
export async function pruneExpiredAuthData(db: Database, now = new Date()): Promise<number> {
  const expiredSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const expiredTokens = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  // The site's one limiter table (sign-in, reset, contact, ...).
  const staleLimits = await pruneRateLimits(db, now);
  return expiredSessions.length + expiredTokens.length + staleLimits;
}

/** Hourly, in every server process (the deletes are idempotent, so instances may overlap). */
export const authCleanupWorker = hourlyPrune(
  "auth cleanup",
  (db) => pruneExpiredAuthData(db),
  "expired sessions, tokens and limits pruned",
);

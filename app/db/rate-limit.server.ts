import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema/rate-limits";

/**
 * The site's one rate limiter (sign-in, password reset, the profile's
 * current-password check, the contact form, donations): a fixed window per
 * key in the `rate_limits` table, counted with one upsert so concurrent
 * requests and several instances agree.
 *
 *   const verdict = await takeRateLimit(db, `contact:ip:${address}`, { max: 5, windowSeconds: 3600 });
 *   if (!verdict.allowed) return data(..., { status: 429, headers: retryAfterHeader(verdict) });
 *
 * Keys are "<purpose>:<subject>" and are stored hashed. Time is the server's
 * clock (`now`, passed in by tests).
 */

export type RateLimitRule = {
  /** Hits allowed in one window. */
  max: number;
  windowSeconds: number;
};

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** What is stored for a key: no address or email is kept in clear. */
export function storedRateLimitKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

const secondsUntil = (date: Date, now: Date) => Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));

/** Counts one hit for `key`; refuses once the window holds more than `rule.max`. */
export async function takeRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  const ended = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: storedRateLimitKey(key), hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${ended} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  if (row && row.hits > rule.max) return { allowed: false, retryAfterSeconds: secondsUntil(row.resetAt, now) };
  return { allowed: true };
}

/** Whether the window of `key` is already full, without counting a hit (count failures with takeRateLimit). */
export async function checkRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const [row] = await db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, storedRateLimitKey(key)));
  if (!row || row.resetAt <= now || row.hits < rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: secondsUntil(row.resetAt, now) };
}

/**
 * Gives back the hit takeRateLimit counted for an attempt that turned out to
 * succeed: failures are counted before the check they limit (so a parallel
 * burst cannot all be checked before the first one counts; decision 0037), and
 * only successes are returned.
 */
export async function returnRateLimitHit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, storedRateLimitKey(key)));
}

/**
 * Claims one attempt of `key`'s failure streak before the check it guards, as
 * if it will fail: refused while the streak's delay runs; otherwise the streak
 * grows by one and its delay is set at once, in one locked transaction, so
 * parallel attempts are counted one after another. A success ends the streak
 * (clearFailures).
 */
export async function claimAttempt(
  db: Database,
  key: string,
  delaySeconds: (failures: number) => number,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const stored = storedRateLimitKey(key);
  return db.transaction(async (tx) => {
    await tx.insert(rateLimits).values({ key: stored, hits: 0, resetAt: now, failures: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({ failures: rateLimits.failures, blockedUntil: rateLimits.blockedUntil })
      .from(rateLimits)
      .where(eq(rateLimits.key, stored))
      .for("update");
    if (row?.blockedUntil && row.blockedUntil > now) {
      return { allowed: false, retryAfterSeconds: secondsUntil(row.blockedUntil, now) } as const;
    }
    const failures = (row?.failures ?? 0) + 1;
    const delay = delaySeconds(failures);
    await tx
      .update(rateLimits)
      .set({ failures, blockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null })
      .where(eq(rateLimits.key, stored));
    return { allowed: true } as const;
  });
}

/** A success ends the streak. */
export async function clearFailures(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ failures: 0, blockedUntil: null })
    .where(eq(rateLimits.key, storedRateLimitKey(key)));
}

/** The Retry-After header for a refusal. */
export function retryAfterHeader(verdict: { retryAfterSeconds: number }): Record<string, string> {
  return { "Retry-After": String(verdict.retryAfterSeconds) };
}

/**
 * Forgets keys whose window and wait ended over a day ago (a day, so a
 * failure streak is not forgotten between two tries). Idempotent; run hourly.
 */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const removed = await db
    .delete(rateLimits)
    .where(
      and(lt(rateLimits.resetAt, dayAgo), or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, dayAgo))),
    )
    .returning({ key: rateLimits.key });
  return removed.length;
}

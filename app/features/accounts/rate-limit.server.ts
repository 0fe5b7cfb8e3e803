import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authRateLimits } from "~/db/schema/accounts";

/**
 * Limits for the sign-in and reset forms. Per IP they are generous (a school
 * shares one address); per account, failures slow guessing down quickly.
 */
export const limits = {
  /** Failed sign-ins from one IP address per window. */
  signInFailuresPerIp: { max: 60, windowMs: 15 * 60_000 },
  /** Reset requests for one address, and from one IP, per window. */
  resetPerEmail: { max: 3, windowMs: 15 * 60_000 },
  resetPerIp: { max: 10, windowMs: 15 * 60_000 },
} as const;

/** After this many failures in a row, each further one makes the account wait longer. */
export const FREE_FAILURES = 3;

/** Seconds an account waits after `failures` failures in a row: 10 s, 20 s, 40 s ... at most 15 min. */
export function failureDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(15 * 60, 10 * 2 ** (failures - FREE_FAILURES));
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const secondsUntil = (date: Date, now: Date) => Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));

/** Counts one hit in a fixed window; refuses once the window holds more than `max`. */
export async function hit(
  db: Database,
  key: string,
  limit: { max: number; windowMs: number },
  now = new Date(),
): Promise<Verdict> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const [row] = await db
    .insert(authRateLimits)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        hits: sql`case when ${authRateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${authRateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${authRateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${authRateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: authRateLimits.hits, windowStartedAt: authRateLimits.windowStartedAt });
  if (row && row.hits > limit.max) {
    return { allowed: false, retryAfterSeconds: secondsUntil(new Date(row.windowStartedAt.getTime() + limit.windowMs), now) };
  }
  return { allowed: true };
}

/** Whether the window for `key` is already full, without counting a hit. */
export async function isOverLimit(
  db: Database,
  key: string,
  limit: { max: number; windowMs: number },
  now = new Date(),
): Promise<Verdict> {
  const [row] = await db.select().from(authRateLimits).where(eq(authRateLimits.key, key));
  if (!row || row.windowStartedAt.getTime() <= now.getTime() - limit.windowMs || row.hits < limit.max) {
    return { allowed: true };
  }
  return { allowed: false, retryAfterSeconds: secondsUntil(new Date(row.windowStartedAt.getTime() + limit.windowMs), now) };
}

/** Whether an account is waiting out its failure delay. */
export async function accountDelay(db: Database, key: string, now = new Date()): Promise<Verdict> {
  const [row] = await db.select({ blockedUntil: authRateLimits.blockedUntil }).from(authRateLimits).where(eq(authRateLimits.key, key));
  if (row?.blockedUntil && row.blockedUntil > now) return { allowed: false, retryAfterSeconds: secondsUntil(row.blockedUntil, now) };
  return { allowed: true };
}

/** One more failure in a row for this account; sets its next wait. */
export async function recordFailure(db: Database, key: string, now = new Date()): Promise<void> {
  const [row] = await db
    .insert(authRateLimits)
    .values({ key, windowStartedAt: now, hits: 0, failures: 1 })
    .onConflictDoUpdate({ target: authRateLimits.key, set: { failures: sql`${authRateLimits.failures} + 1` } })
    .returning({ failures: authRateLimits.failures });
  const delay = failureDelaySeconds(row?.failures ?? 1);
  if (delay > 0) {
    await db
      .update(authRateLimits)
      .set({ blockedUntil: new Date(now.getTime() + delay * 1000) })
      .where(eq(authRateLimits.key, key));
  }
}

/** A success ends the streak. */
export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.update(authRateLimits).set({ failures: 0, blockedUntil: null }).where(eq(authRateLimits.key, key));
}

export const keys = {
  signInIp: (ip: string) => `sign-in:ip:${ip}`,
  signInAccount: (email: string) => `sign-in:email:${email.trim().toLowerCase()}`,
  resetEmail: (email: string) => `reset:email:${email.trim().toLowerCase()}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
};

/** Human wording for a wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

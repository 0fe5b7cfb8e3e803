import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactRateLimit } from "~/db/schema/contact";

export type RateLimit = { max: number; windowMinutes: number };
export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Addresses are stored only as hashes: the counter needs no personal data. */
function keyFor(clientAddress: string | undefined): string {
  return createHash("sha256").update(`contact:${clientAddress ?? "unknown"}`).digest("hex");
}

/**
 * Counts one message from `clientAddress` in a fixed window and says whether
 * it is within the limit. One upsert, so concurrent requests and several
 * instances count correctly.
 */
export async function takeContactAllowance(
  db: Database,
  clientAddress: string | undefined,
  limit: RateLimit,
): Promise<RateLimitResult> {
  const window = sql`make_interval(mins => ${limit.windowMinutes})`;
  const expired = sql`${contactRateLimit.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(contactRateLimit)
    .values({ key: keyFor(clientAddress), windowStartedAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: contactRateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${contactRateLimit.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${contactRateLimit.windowStartedAt} end`,
      },
    })
    .returning({
      count: contactRateLimit.count,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from (${contactRateLimit.windowStartedAt} + ${window} - now())))::int`,
    });
  if (row!.count === 1) {
    // A fresh window: a good moment to forget windows that ended long ago.
    await db.delete(contactRateLimit).where(sql`${contactRateLimit.windowStartedAt} < now() - interval '1 day' - ${window}`);
  }
  if (row!.count <= limit.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row!.retryAfterSeconds)) };
}

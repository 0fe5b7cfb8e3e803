import { sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { periodicWorker } from "~/db/periodic-worker.server";
import { refunds } from "~/db/schema";
import { retryRefund } from "~/features/payments/refunds/refunds.server";
import { stripeWorstCallMs } from "~/features/payments/stripe/stripe-provider.server";

/**
 * Drop refunds whose answer from Stripe was lost (decision 0048): still "requested" (counted on the order), asked
 * again through the refund path's retry, which sends the row's own idempotency key (or, after Stripe's 24 hours,
 * looks for the refund first), so a retry never refunds twice. Rows are leased (updated_at bumped under SKIP
 * LOCKED) for DROP_REFUND_LEASE_MS, so two instances do not ask for the same one at once; `withinLease` (the
 * worker's round) says whether one more ask fits in the lease, and the rest are left for the next run. Returns how
 * many were asked and how many are settled now.
 */
export async function retryDropRefunds(
  db: Database,
  options: { leaseMs?: number; batchSize?: number; withinLease?: () => boolean } = {},
): Promise<{ asked: number; settled: number }> {
  const leaseSeconds = (options.leaseMs ?? env().DROP_REFUND_LEASE_MS) / 1000;
  const result = await db.execute(sql`
    update ${refunds} set updated_at = now()
     where id in (
       select id from ${refunds}
        where status = 'requested' and request_key like 'drop-%'
          and updated_at < now() - make_interval(secs => ${leaseSeconds})
        order by created_at
        limit ${options.batchSize ?? 20}
        for update skip locked)
    returning id`);
  const due = (result as unknown as { rows: Array<{ id: string }> }).rows;
  let settled = 0;
  let asked = 0;
  for (const { id } of due) {
    if (options.withinLease && !options.withinLease()) break;
    asked++;
    const outcome = await retryRefund(db, id);
    if (outcome.ok) settled++;
    else logger.warn({ refundId: id, message: outcome.message }, "drop refund still waiting for Stripe");
  }
  return { asked, settled };
}

/** The worst one refund's retry can take: two calls to Stripe (a look for the refund, then the ask). */
const worstRefundRetryMs = () => 2 * stripeWorstCallMs(env().STRIPE_API_URL);

/**
 * The server's registration (server/workers.ts): every CHECKOUT_SWEEP_INTERVAL_MS after the last run ended, on every
 * instance (the lease, DROP_REFUND_LEASE_MS, keeps them apart; one instance never runs two at once).
 */
export const dropRefundWorker = periodicWorker({
  name: "drop refund retry",
  everyMs: () => env().CHECKOUT_SWEEP_INTERVAL_MS,
  lease: { setting: "DROP_REFUND_LEASE_MS", ms: () => env().DROP_REFUND_LEASE_MS, worstStepMs: worstRefundRetryMs },
  async run(handle, round) {
    const counts = await retryDropRefunds(handle.db, { leaseMs: round.leaseMs, withinLease: round.withinLease });
    if (counts.asked > 0) logger.info(counts, "drop refunds asked again");
  },
});

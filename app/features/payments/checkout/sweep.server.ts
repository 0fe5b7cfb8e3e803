import { sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { checkouts } from "~/db/schema";
import { expireCheckouts, failCheckout, fulfilCheckout } from "./checkout.server";
import { paymentProvider } from "../providers.server";
import { runRepeatedly } from "~/db/periodic-worker.server";

/** Leaves Stripe's own checkout.session.expired event this long to arrive first. */
const GRACE_MS = 2 * 60_000;

export type SettleCounts = {
  expired: number;
  completed: number;
  processing: number;
  attention: number;
  unreachable: number;
};

/**
 * Stripe checkouts past their time are never failed by the clock alone: a
 * late webhook or a delayed payment method may hide a payment. For each,
 * Stripe is asked to expire the session; when it refuses (the session is
 * complete, or expired already) the session is read and the checkout goes
 * through fulfilment: paid -> completed (receipt and all), complete but
 * unpaid -> processing, expired -> failed with its stock back. When Stripe
 * cannot be reached the checkout stays open and is asked again next time.
 * Rows are leased (updated_at bumped under SKIP LOCKED) for CHECKOUT_SWEEP_LEASE_MS,
 * so instances do not ask twice.
 */
export async function settleStripeCheckouts(
  db: Database,
  options: { batchSize?: number; graceMs?: number; leaseMs?: number } = {},
): Promise<SettleCounts> {
  const cutoff = new Date(Date.now() - (options.graceMs ?? 0));
  const leaseSeconds = (options.leaseMs ?? env().CHECKOUT_SWEEP_LEASE_MS) / 1000;
  const result = await db.execute(sql`
    update ${checkouts} set updated_at = now()
     where id in (
       select id from ${checkouts}
        where status = 'open' and provider = 'stripe' and provider_session_id is not null
          and expires_at < ${cutoff} and updated_at < now() - make_interval(secs => ${leaseSeconds})
        order by expires_at
        limit ${options.batchSize ?? 20}
        for update skip locked)
    returning id, provider_session_id`);
  const due = (result as unknown as { rows: Array<{ id: string; provider_session_id: string }> }).rows;
  const counts: SettleCounts = { expired: 0, completed: 0, processing: 0, attention: 0, unreachable: 0 };
  const provider = paymentProvider(db);
  for (const { id, provider_session_id: sessionId } of due) {
    try {
      await provider.expireSession(sessionId);
      if (await failCheckout(db, id, "expired")) {
        counts.expired++;
        logger.info({ checkoutId: id, sessionId }, "checkout expired; stock released");
      }
      continue;
    } catch (error) {
      logger.info(
        { checkoutId: id, sessionId, err: error instanceof Error ? error.message : String(error) },
        "provider refused to expire a session; reading it",
      );
    }
    try {
      const outcome = await fulfilCheckout(db, id, await provider.retrieveSession(sessionId));
      if (outcome.status === "completed") counts.completed++;
      else if (outcome.status === "processing") counts.processing++;
      else if (outcome.reason === "expired") counts.expired++;
      else counts.attention++;
    } catch (error) {
      counts.unreachable++;
      logger.warn(
        { checkoutId: id, sessionId, err: error },
        "payment provider unreachable; the checkout stays open until it answers",
      );
    }
  }
  return counts;
}

/**
 * Expires open checkouts whose time passed and gives their stock back, in
 * case a webhook never comes (Stripe's after asking Stripe). Claims rows with
 * SKIP LOCKED, so every instance can run it, every CHECKOUT_SWEEP_INTERVAL_MS.
 */
export function startCheckoutSweep(
  db: Database,
  options: { intervalMs?: number; graceMs?: number; leaseMs?: number } = {},
) {
  const intervalMs = options.intervalMs ?? env().CHECKOUT_SWEEP_INTERVAL_MS;
  // The one background loop (runRepeatedly): the next sweep CHECKOUT_SWEEP_INTERVAL_MS after this one ends.
  return runRepeatedly("checkout expiry sweep", intervalMs, async (round) => {
    let expired = 0;
    do {
      expired = await expireCheckouts(db, { graceMs: options.graceMs ?? GRACE_MS });
      if (expired > 0) logger.info({ expired }, "open checkouts expired; stock released");
    } while (expired > 0 && !round.stopping());
    if (round.stopping()) return;
    const settled = await settleStripeCheckouts(db, {
      graceMs: options.graceMs ?? GRACE_MS,
      leaseMs: options.leaseMs,
    });
    if (Object.values(settled).some((n) => n > 0)) logger.info(settled, "stripe checkouts past their time settled");
  });
}

/** The server's registration (server/workers.ts). */
export const checkoutSweepWorker = {
  name: "checkout-sweep",
  start: (handle: DatabaseHandle) => startCheckoutSweep(handle.db),
};

import { logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { expireCheckouts } from "./checkout.server";

/** Leaves Stripe's own checkout.session.expired event this long to arrive first. */
const GRACE_MS = 2 * 60_000;

/**
 * Expires open checkouts whose time passed and gives their stock back, in
 * case a webhook never comes. Claims rows with SKIP LOCKED, so every
 * instance can run it.
 */
export function startCheckoutSweep(db: Database, options: { intervalMs?: number; graceMs?: number } = {}) {
  const state = { stopped: false };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      try {
        let expired = 0;
        do {
          expired = await expireCheckouts(db, { graceMs: options.graceMs ?? GRACE_MS });
          if (expired > 0) logger.info({ expired }, "open checkouts expired; stock released");
        } while (expired > 0 && !state.stopped);
      } catch (error) {
        logger.error({ err: error }, "checkout expiry sweep failed");
      }
      if (!state.stopped) timer = setTimeout(tick, options.intervalMs ?? 60_000);
    })();
  };
  tick();
  return async () => {
    state.stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** The server's registration (server/workers.ts). */
export const checkoutSweepWorker = {
  name: "checkout-sweep",
  start: (handle: DatabaseHandle) => startCheckoutSweep(handle.db),
};

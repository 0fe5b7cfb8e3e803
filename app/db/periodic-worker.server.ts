import { logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";

/**
 * A background worker (server/workers.ts) that runs `run` at start and then
 * every `everyMs`, in every server process, so `run` must be idempotent. A
 * failure is logged and the next run goes ahead; stopping waits for a run in
 * progress. `runsOn` leaves some databases out (PGlite-only upkeep).
 */
export function periodicWorker(options: {
  name: string;
  /** The wait between runs, or a function read at start (a setting from the environment). */
  everyMs: number | (() => number);
  run(handle: DatabaseHandle): Promise<void>;
  runsOn?(handle: DatabaseHandle): boolean;
}) {
  return {
    name: options.name,
    start(handle: DatabaseHandle) {
      if (options.runsOn && !options.runsOn(handle)) return async () => {};
      const run = async () => {
        try {
          await options.run(handle);
        } catch (error) {
          logger.error({ err: error }, `${options.name} failed`);
        }
      };
      let running = run();
      const everyMs = typeof options.everyMs === "function" ? options.everyMs() : options.everyMs;
      const timer = setInterval(() => {
        running = run();
      }, everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

/**
 * An hourly periodicWorker around a clean-up that deletes what has run out and says how many rows went;
 * it logs `removedMessage` when any did. The delete must be idempotent (instances overlap).
 */
export function hourlyPrune(name: string, prune: (db: Database) => Promise<number>, removedMessage: string) {
  return periodicWorker({
    name,
    everyMs: 60 * 60_000,
    async run(handle) {
      const removed = await prune(handle.db);
      if (removed > 0) logger.info({ removed }, removedMessage);
    },
  });
}

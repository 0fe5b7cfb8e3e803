import { logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";

/** What one run is told: whether the server is stopping, and (for a leased worker) whether it may take one more step. */
export type Round = {
  /** True once stop was asked: a run that loops ends its loop (what it has not taken is left for the next start). */
  stopping(): boolean;
  /**
   * Whether one more step fits in the run's lease: false once the time since the run began plus one step's worst
   * would pass the lease (or once stopping). A leased run checks it before each row it takes on, so no row is
   * still being worked on when its lease runs out and another instance may take it. Always true without a lease.
   */
  withinLease(): boolean;
  /** The lease the run's rows are claimed for (its worker's own setting), or 0 without one. */
  leaseMs: number;
};

/**
 * Runs `run` at once, then `everyMs` after each run ENDS (a timer set when a run completes, never an interval): one
 * instance never has two runs at once, however long one takes. A failure is logged and the next run goes ahead.
 * The returned stop stops scheduling and resolves once the run in flight has ended (it drains).
 */
export function runRepeatedly(
  name: string,
  everyMs: number,
  run: (round: Round) => Promise<void>,
  lease?: { ms: number; worstStepMs: number },
): () => Promise<void> {
  const state = { stopped: false };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      const started = Date.now();
      const round: Round = {
        stopping: () => state.stopped,
        withinLease: () => !state.stopped && (!lease || Date.now() - started + lease.worstStepMs < lease.ms),
        leaseMs: lease?.ms ?? 0,
      };
      try {
        await run(round);
      } catch (error) {
        logger.error({ err: error }, `${name} failed`);
      }
      if (state.stopped) return;
      timer = setTimeout(tick, everyMs);
      timer.unref?.();
    })();
  };
  tick();
  return async () => {
    state.stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/**
 * A background worker (server/workers.ts) that runs `run` at start and then `everyMs` after each run ends, in every
 * server process, so `run` must be idempotent (runRepeatedly: never two runs at once in one process, and stopping
 * waits for the run in flight). `runsOn` leaves some databases out (PGlite-only upkeep).
 *
 * A worker whose run claims rows for a while (a lease, so that instances keep apart) names the setting its lease
 * comes from and the worst one step of its run can take (one row: its calls to another service, with their
 * timeouts and retries). It refuses to start when the lease is not longer than that step, and its run checks
 * `round.withinLease()` before each step, so a run never outlives its lease on a row.
 */
export function periodicWorker(options: {
  name: string;
  /** The wait between runs, or a function read at start (a setting from the environment). */
  everyMs: number | (() => number);
  run(handle: DatabaseHandle, round: Round): Promise<void>;
  runsOn?(handle: DatabaseHandle): boolean;
  /** Its lease: the setting it is read from, and the worst one step takes (read at start: it may depend on settings). */
  lease?: { setting: string; ms: () => number; worstStepMs: () => number };
}) {
  return {
    name: options.name,
    start(handle: DatabaseHandle) {
      if (options.runsOn && !options.runsOn(handle)) return async () => {};
      const everyMs = typeof options.everyMs === "function" ? options.everyMs() : options.everyMs;
      const lease = options.lease && { ms: options.lease.ms(), worstStepMs: options.lease.worstStepMs() };
      if (options.lease && lease && lease.ms <= lease.worstStepMs)
        throw new Error(
          `${options.name}: ${options.lease.setting} (${lease.ms} ms) must be longer than one step of its run can ` +
            `take (${lease.worstStepMs} ms), or another instance takes a row while this one still works on it`,
        );
      return runRepeatedly(options.name, everyMs, (round) => options.run(handle, round), lease);
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

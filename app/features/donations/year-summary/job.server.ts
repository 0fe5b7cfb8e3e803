import { logger } from "~/core/logger.server";
import { periodicWorker } from "~/db/periodic-worker.server";
import type { Database } from "~/db/client.server";
import { districtYearMonth } from "./summary";
import { claimAndSend, unclaimedDonors } from "./summaries.server";

/** Donors handled per batch; the run goes on until every donor of the year is claimed. */
const BATCH = 100;

export type JanuaryRun = { year: number | null; sent: number; skipped: number };

/**
 * The January job (decision 0034): in January, district time, every donor of the calendar year just ended
 * gets their summary once. Safe to run at once in several instances: each donor is claimed in the
 * transaction that queues the email (claimAndSend). Outside January it does nothing. `now` is the clock, so
 * tests can play any date.
 */
export async function runJanuarySummaries(
  db: Database,
  now = new Date(),
  options: { batchSize?: number } = {},
): Promise<JanuaryRun> {
  const { year, month } = districtYearMonth(now);
  if (month !== 1) return { year: null, sent: 0, skipped: 0 };
  const summaryYear = year - 1;
  let sent = 0;
  let skipped = 0;
  for (;;) {
    const donors = await unclaimedDonors(db, summaryYear, options.batchSize ?? BATCH);
    if (donors.length === 0) break;
    for (const email of donors) {
      if (await claimAndSend(db, email, summaryYear)) sent++;
      else skipped++;
    }
  }
  return { year: summaryYear, sent, skipped };
}

/** The worker: hourly, so January's first hour (and any donor of a late-recorded gift) is reached. */
export function januarySummaryWorker(clock: () => Date = () => new Date()) {
  return periodicWorker({
    name: "year-end giving summaries",
    everyMs: 60 * 60_000,
    async run(handle) {
      const run = await runJanuarySummaries(handle.db, clock());
      if (run.sent > 0 || run.skipped > 0) logger.info(run, "year-end giving summaries queued");
    },
  });
}

export const givingSummaryWorker = januarySummaryWorker();

import type { Database } from "~/db/client.server";
import { logger } from "~/core/logger.server";
import { periodFigures, type PeriodFigures } from "./figures/figures.server";
import { fiscalStartMonth } from "./period/fiscal-setting.server";
import { districtDay, monthsOf, parsePeriod, type Period } from "./period/period";
import { reconciliation, type Reconciliation } from "./reconciliation/reconciliation.server";
import { stripePeriod } from "./reconciliation/stripe-reads.server";

/** One month of the chart and its table: what came in, what went out, and what was kept (decision 0053). */
export type MonthRow = { month: string; gross: number; refunds: number; disputes: number; fees: number; net: number };

export type StripeSide =
  | { mode: "sandbox" }
  | { mode: "stripe"; ok: true; reconciliation: Reconciliation }
  | { mode: "stripe"; ok: false; message: string };

export type FinancePage = {
  period: Period;
  /** Why the period asked for was not shown (the current fiscal year is shown instead). */
  problem: string | null;
  startMonth: number;
  figures: PeriodFigures;
  /** Processor fees: Stripe's balance transactions; 0 in the sandbox; null when Stripe could not be read. */
  fees: number | null;
  net: number;
  months: MonthRow[];
  stripe: StripeSide;
};

/** Stripe's side of the period: its payouts reconciled, or why not. */
export async function stripeSide(db: Database, period: Pick<Period, "from" | "to">): Promise<StripeSide> {
  const read = stripePeriod(period);
  if (!read) return { mode: "sandbox" };
  try {
    return { mode: "stripe", ok: true, reconciliation: await reconciliation(db, period, await read) };
  } catch (error) {
    logger.error({ err: error }, "reading Stripe's payouts failed");
    return { mode: "stripe", ok: false, message: "Stripe could not be read just now; reload the page to try again." };
  }
}

export async function financePage(db: Database, url: URL, today = districtDay(new Date())): Promise<FinancePage> {
  const startMonth = await fiscalStartMonth(db);
  const parsed = parsePeriod(url.searchParams, startMonth, today);
  const period = parsed.period;
  const [figures, stripe] = await Promise.all([periodFigures(db, period), stripeSide(db, period)]);
  const feesByMonth = stripe.mode === "stripe" && stripe.ok ? stripe.reconciliation.feesByMonth : {};
  const fees = stripe.mode === "sandbox" ? 0 : stripe.ok ? stripe.reconciliation.fees : null;
  const byMonth = new Map(figures.months.map((month) => [month.month, month]));
  const months = monthsOf(period).map((month): MonthRow => {
    const found = byMonth.get(month);
    const gross = found?.payment ?? 0;
    const refunds = found?.refund ?? 0;
    const disputes = found?.dispute ?? 0;
    const monthFees = feesByMonth[month] ?? 0;
    return { month, gross, refunds, disputes, fees: monthFees, net: gross - refunds - disputes - monthFees };
  });
  return {
    period,
    problem: parsed.ok ? null : parsed.message,
    startMonth,
    figures,
    fees,
    net: figures.gross - figures.refunds - figures.disputes - (fees ?? 0),
    months,
    stripe,
  };
}

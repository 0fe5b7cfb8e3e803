import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Period } from "../period/period";
import { type GivingFigures, givingFigures, givingSql } from "../giving/giving.server";
import { type TournamentFigures, tournamentFigures, tournamentsSql } from "../tournaments/tournaments.server";
import { endOf, GROUPED, ledger, startOf, ledgerTransaction } from "./ledger.server";
import { type LineKind, STREAMS, type Stream } from "./streams";

export type KindSums = Record<LineKind, number>;
export type StreamFigures = Record<Stream, KindSums & { count: number }>;
export type MonthFigures = { month: string } & KindSums;

/** What the page shows for a period, in cents (fees and net are added by the page: fees come from Stripe). */
export type PeriodFigures = {
  streams: StreamFigures;
  gross: number;
  refunds: number;
  disputes: number;
  months: MonthFigures[];
  tournaments: TournamentFigures;
  giving: GivingFigures;
};

const zero = (): KindSums => ({ payment: 0, refund: 0, dispute: 0 });

type Raw = {
  streams: Array<{ stream: Stream; kind: LineKind; cents: string | number; count: string | number }>;
  months: Array<{ month: string; kind: LineKind; cents: string | number }>;
  tournaments: Parameters<typeof tournamentFigures>[0];
  giving: Parameters<typeof givingFigures>[0];
};

/**
 * Every figure of a period in one statement (one round trip: the ledger is read once, grouped once into `g`, and
 * `g` summed several ways). Sums come back as text (bigint) and are made numbers here: a season is far below 2^53 cents.
 */
export async function periodFigures(db: Database, period: Pick<Period, "from" | "to">): Promise<PeriodFigures> {
  const result = await ledgerTransaction(db, (tx) =>
    tx.execute(sql`
    with l as materialized ${ledger(period.from, period.to)}, g as materialized ${GROUPED}
    select
      (select coalesce(json_agg(s), '[]'::json) from (
         select stream, kind, sum(cents)::text as cents, sum(n)::int as count from g group by 1, 2) s) as streams,
      (select coalesce(json_agg(m), '[]'::json) from (
         select month, kind, sum(cents)::text as cents from g group by 1, 2) m) as months,
      ${tournamentsSql(startOf(period.from), endOf(period.to))} as tournaments,
      ${givingSql(startOf(period.from), endOf(period.to))} as giving`),
  );
  const [raw] = (result as unknown as { rows: Raw[] }).rows;
  const streams = Object.fromEntries(STREAMS.map((stream) => [stream, { ...zero(), count: 0 }])) as StreamFigures;
  for (const row of raw!.streams) {
    streams[row.stream][row.kind] += Number(row.cents);
    if (row.kind === "payment") streams[row.stream].count += Number(row.count);
  }
  const byMonth = new Map<string, MonthFigures>();
  for (const row of raw!.months) {
    const month = byMonth.get(row.month) ?? { month: row.month, ...zero() };
    month[row.kind] += Number(row.cents);
    byMonth.set(row.month, month);
  }
  const total = (kind: LineKind) => STREAMS.reduce((sum, stream) => sum + streams[stream][kind], 0);
  return {
    streams,
    gross: total("payment"),
    refunds: total("refund"),
    disputes: total("dispute"),
    months: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
    tournaments: tournamentFigures(raw!.tournaments),
    giving: givingFigures(raw!.giving),
  };
}

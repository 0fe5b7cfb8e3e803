import { type SQL, sql } from "drizzle-orm";

/**
 * By tournament (decision 0053), from the grouped ledger `g` of the period: entries and their fees, judge fees, refunds
 * (those of dropped entries apart), lost disputes and what is left, per tournament; entries by event; and the
 * entries dropped in the period. A tournament is its key (decision 0040); an entry from before keys existed is
 * grouped by its tournament's name and date.
 */
export type TournamentRow = {
  key: string;
  name: string;
  date: string;
  entries: number;
  entryFees: number;
  judgeFees: number;
  drops: number;
  dropRefunds: number;
  refunds: number;
  disputes: number;
  net: number;
  events: Array<{ event: string; entries: number; fees: number }>;
};
export type TournamentFigures = TournamentRow[];

/** Reads the grouped ledger `g` (ledger.server.ts, GROUPED) and the period's drops from orders. */
export function tournamentsSql(start: SQL, end: SQL): SQL {
  return sql`(select json_build_object(
      'rows', (select coalesce(json_agg(t), '[]'::json) from (
         select tkey as key, max(tname) as name, max(tdate) as date,
                coalesce(sum(n) filter (where kind = 'payment' and stream = 'entry'), 0)::int as entries,
                coalesce(sum(cents) filter (where kind = 'payment' and stream = 'entry'), 0)::text as entry_fees,
                coalesce(sum(cents) filter (where kind = 'payment' and stream = 'judge'), 0)::text as judge_fees,
                coalesce(sum(cents) filter (where kind = 'refund' and dropped), 0)::text as drop_refunds,
                coalesce(sum(cents) filter (where kind = 'refund'), 0)::text as refunds,
                coalesce(sum(cents) filter (where kind = 'dispute'), 0)::text as disputes
           from g where tkey is not null group by 1) t),
      'events', (select coalesce(json_agg(e), '[]'::json) from (
         select tkey as key, event, sum(n)::int as entries, sum(cents)::text as fees
           from g where kind = 'payment' and stream = 'entry' group by 1, 2) e),
      'drops', (select coalesce(json_agg(d), '[]'::json) from (
         select coalesce(tournament_key, 'name:' || coalesce(tournament_date, '') || '|' || coalesce(tournament_name, '')) as key,
                count(*)::int as drops from orders
          where dropped_at >= ${start} and dropped_at < ${end} and status = 'completed' group by 1) d)))`;
}

type Raw = {
  rows: Array<{
    key: string;
    name: string | null;
    date: string | null;
    entries: number;
    entry_fees: string;
    judge_fees: string;
    drop_refunds: string;
    refunds: string;
    disputes: string;
  }>;
  events: Array<{ key: string; event: string; entries: number; fees: string }>;
  drops: Array<{ key: string; drops: number }>;
};

export function tournamentFigures(raw: Raw): TournamentFigures {
  const drops = new Map(raw.drops.map((row) => [row.key, row.drops]));
  const rows = raw.rows.map((row): TournamentRow => {
    const entryFees = Number(row.entry_fees);
    const judgeFees = Number(row.judge_fees);
    const refunds = Number(row.refunds);
    const disputes = Number(row.disputes);
    return {
      key: row.key,
      name: row.name ?? "(no tournament named)",
      date: row.date ?? "",
      entries: row.entries,
      entryFees,
      judgeFees,
      drops: drops.get(row.key) ?? 0,
      dropRefunds: Number(row.drop_refunds),
      refunds,
      disputes,
      net: entryFees + judgeFees - refunds - disputes,
      events: raw.events
        .filter((event) => event.key === row.key)
        .map((event) => ({ event: event.event, entries: event.entries, fees: Number(event.fees) }))
        .sort((a, b) => a.event.localeCompare(b.event)),
    };
  });
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

import { type SQL, sql } from "drizzle-orm";

/**
 * By tournament (decision 0053), from the ledger `l` of the period: entries and their fees, judge fees, refunds
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

const KEY = sql`coalesce(tournament_key, 'name:' || coalesce(tournament_date, '') || '|' || coalesce(tournament_name, ''))`;

export function tournamentsSql(start: SQL, end: SQL): SQL {
  return sql`(select json_build_object(
      'rows', (select coalesce(json_agg(t), '[]'::json) from (
         select ${KEY} as key, max(tournament_name) as name, max(tournament_date) as date,
                count(*) filter (where kind = 'payment' and stream = 'entry')::int as entries,
                coalesce(sum(amount) filter (where kind = 'payment' and stream = 'entry'), 0)::text as entry_fees,
                coalesce(sum(amount) filter (where kind = 'payment' and stream = 'judge'), 0)::text as judge_fees,
                coalesce(sum(amount) filter (where kind = 'refund' and dropped), 0)::text as drop_refunds,
                coalesce(sum(amount) filter (where kind = 'refund'), 0)::text as refunds,
                coalesce(sum(amount) filter (where kind = 'dispute'), 0)::text as disputes
           from l where stream in ('entry', 'judge') group by 1) t),
      'events', (select coalesce(json_agg(e), '[]'::json) from (
         select ${KEY} as key, coalesce(event_type, '') as event, count(*)::int as entries, sum(amount)::text as fees
           from l where kind = 'payment' and stream = 'entry' group by 1, 2) e),
      'drops', (select coalesce(json_agg(d), '[]'::json) from (
         select ${KEY} as key, count(*)::int as drops from orders
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

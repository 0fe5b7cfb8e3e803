import { type SQL, sql } from "drizzle-orm";
import { DISTRICT_TIME_ZONE } from "~/core/time-zone";
import type { Database } from "~/db/client.server";

/**
 * The ledger of a period, cash basis (decision 0053): one line per completed order on the day it was paid, one per
 * order a counted refund covers on the day of the refund (its allocation, so a refund spread over a checkout's
 * orders counts each order's part once), and one per order a lost dispute covers on the day it was lost. Every
 * figure of the finance page and every row of its CSVs is read from these lines, so they cannot disagree.
 *
 * Columns: at, kind (payment | refund | dispute), stream, amount (cents, positive), order_id, ref (the refund or
 * dispute id; the order id for a payment), item_name, tournament_key, tournament_name, tournament_date,
 * event_type, campaign_id, checkout_id, email, dropped (the entry was dropped).
 */

/** The first instant of a New York day, and the first instant after its last one. */
export function startOf(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${DISTRICT_TIME_ZONE})`;
}
export function endOf(day: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone ${DISTRICT_TIME_ZONE})`;
}
/** A timestamp's New York month, "2026-11". */
export function nyMonth(column: SQL): SQL {
  return sql`to_char(${column} at time zone ${DISTRICT_TIME_ZONE}, 'YYYY-MM')`;
}

/** Refund statuses that count against an order (decision 0025): failed and canceled count nothing. */
const REFUND_COUNTS = sql`r.status not in ('failed', 'canceled')`;

/** Which stream an order's money belongs to (`o` an orders row, `p` its product if it still exists). */
const STREAM = sql`case
    when o.item_name ilike '%donation%' then
      case when exists (select 1 from monthly_gift_payments m where m.checkout_id = o.checkout_id) then 'monthly'
           else 'gift' end
    when p.registration_kind = 'judgeFee' or (o.tournament_key is not null and o.student_name is null) then 'judge'
    when p.registration_kind = 'tournamentEntry' or o.tournament_key is not null then 'entry'
    else 'product' end`;

const ORDER_COLUMNS = sql`o.item_name, o.tournament_key, o.tournament_name, o.tournament_date, o.event_type,
  o.campaign_id, o.checkout_id, o.customer_email as email, o.dropped_at is not null as dropped`;

/** The ledger's lines between two New York days (both included), as a subquery. */
export function ledger(from: string, to: string): SQL {
  const start = startOf(from);
  const end = endOf(to);
  return sql`(
    select o.created_at as at, 'payment' as kind, ${STREAM} as stream, o.total_amount as amount, o.id as order_id,
           o.id::text as ref, ${ORDER_COLUMNS}
      from orders o left join products p on p.id = o.product_id
     where o.status = 'completed' and o.created_at >= ${start} and o.created_at < ${end}
    union all
    select r.created_at, 'refund', ${STREAM}, a.cents::int, o.id, r.id::text, ${ORDER_COLUMNS}
      from refunds r
      cross join lateral jsonb_each_text(r.allocation) as a(order_id, cents)
      join orders o on o.id = a.order_id::uuid
      left join products p on p.id = o.product_id
     where ${REFUND_COUNTS} and r.created_at >= ${start} and r.created_at < ${end} and a.cents::int > 0
    union all
    select coalesce(d.closed_at, d.created_at), 'dispute', ${STREAM}, a.cents::int, o.id, d.id, ${ORDER_COLUMNS}
      from disputes d
      cross join lateral jsonb_each_text(d.allocation) as a(order_id, cents)
      join orders o on o.id = a.order_id::uuid
      left join products p on p.id = o.product_id
     where d.status = 'lost' and coalesce(d.closed_at, d.created_at) >= ${start}
       and coalesce(d.closed_at, d.created_at) < ${end} and a.cents::int > 0
  )`;
}

/**
 * The ledger `l` grouped once into the few thousand rows every figure of the page is a sum of (by New York month,
 * kind, stream, tournament, event, campaign, drop and tribute), so the page's groupings read these instead of
 * every line again. `tkey` is a tournament's key (decision 0040), or its name and date for an entry from before keys.
 */
export const GROUPED = sql`(
  select ${nyMonth(sql`at`)} as month, kind, stream,
         case when stream in ('entry', 'judge') then coalesce(tournament_key,
           'name:' || coalesce(tournament_date, '') || '|' || coalesce(tournament_name, '')) end as tkey,
         case when stream in ('entry', 'judge') then tournament_name end as tname,
         case when stream in ('entry', 'judge') then tournament_date end as tdate,
         case when stream = 'entry' then coalesce(event_type, '') end as event,
         case when stream in ('gift', 'monthly') then campaign_id end as campaign_id,
         dropped,
         case when stream in ('gift', 'monthly') and event_type like 'memory:%' then 'memory'
              when stream in ('gift', 'monthly') and event_type like 'honor:%' then 'honor' end as tribute,
         count(*)::int as n, sum(amount) as cents
    from l group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)`;

/**
 * Runs a ledger statement with PostgreSQL's JIT compiler off and room to keep the ledger in memory. The planner
 * cannot tell how many orders a refund's allocation holds, so its estimate of the ledger passes JIT's threshold, and
 * compiling the statement took 10 s of an 11 s page on the bench (bench/finance.mjs); and a fiscal year's ledger
 * (76,000 lines, about 20 MB) spilled to disk under the default 4 MB of work memory: with both, the bench's p50 is
 * 330 ms (docs/measurements/finance.md).
 */
export function ledgerTransaction<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return read(tx as unknown as Database);
  });
}

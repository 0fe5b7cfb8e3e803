import { type SQL, sql } from "drizzle-orm";

/**
 * Giving (decision 0053), from the grouped ledger `g` of the period (its donors from the ledger `l`): gifts by campaign and by month, one-time apart from
 * monthly; donors who gave in the period, new (no completed gift before it) or returning; gifts in memory or in
 * honor; and the year-end summaries sent in the period (decision 0034).
 */
export type CampaignRow = {
  id: string | null;
  name: string;
  gifts: number;
  gross: number;
  refunds: number;
  disputes: number;
  kept: number;
};
export type GivingMonth = {
  month: string;
  oneTime: number;
  oneTimeCount: number;
  monthly: number;
  monthlyCount: number;
};
export type GivingFigures = {
  campaigns: CampaignRow[];
  months: GivingMonth[];
  donors: { total: number; new: number; returning: number };
  tributes: { memoryCount: number; memory: number; honorCount: number; honor: number };
  summaries: { sent: number; donors: number; corrected: number };
};

const GIFT = sql`stream in ('gift', 'monthly')`;

export function givingSql(start: SQL, end: SQL): SQL {
  return sql`(select json_build_object(
      'campaigns', (select coalesce(json_agg(cr), '[]'::json) from (
         select g.campaign_id as id, max(c.name) as name,
                coalesce(sum(n) filter (where kind = 'payment'), 0)::int as gifts,
                coalesce(sum(cents) filter (where kind = 'payment'), 0)::text as gross,
                coalesce(sum(cents) filter (where kind = 'refund'), 0)::text as refunds,
                coalesce(sum(cents) filter (where kind = 'dispute'), 0)::text as disputes
           from g left join campaigns c on c.id = g.campaign_id where ${GIFT} group by 1) cr),
      'months', (select coalesce(json_agg(m), '[]'::json) from (
         select month, stream, sum(n)::int as count, sum(cents)::text as cents
           from g where kind = 'payment' and ${GIFT} group by 1, 2) m),
      'donors', (select json_build_object('total', count(*)::int, 'new', (count(*) filter (where earlier.email is null))::int)
           from (select distinct lower(email) as email from l where kind = 'payment' and ${GIFT}) d
           left join (select distinct lower(o.customer_email) as email from orders o
                       where o.status = 'completed' and o.item_name ilike '%donation%' and o.created_at < ${start}) earlier
             on earlier.email = d.email),
      'tributes', (select json_build_object(
                   'memoryCount', coalesce(sum(n) filter (where tribute = 'memory'), 0),
                   'memory', coalesce(sum(cents) filter (where tribute = 'memory'), 0)::text,
                   'honorCount', coalesce(sum(n) filter (where tribute = 'honor'), 0),
                   'honor', coalesce(sum(cents) filter (where tribute = 'honor'), 0)::text)
           from g where kind = 'payment' and ${GIFT}),
      'summaries', (select json_build_object('sent', count(*)::int, 'donors', count(distinct email)::int,
                   'corrected', (count(*) filter (where corrected))::int)
           from giving_summaries where email_id is not null and created_at >= ${start} and created_at < ${end})))`;
}

type Raw = {
  campaigns: Array<{
    id: string | null;
    name: string | null;
    gifts: number;
    gross: string;
    refunds: string;
    disputes: string;
  }>;
  months: Array<{ month: string; stream: "gift" | "monthly"; count: number; cents: string }>;
  donors: { total: number; new: number };
  tributes: { memoryCount: number; memory: string; honorCount: number; honor: string };
  summaries: GivingFigures["summaries"];
};

export function givingFigures(raw: Raw): GivingFigures {
  const months = new Map<string, GivingMonth>();
  for (const row of raw.months) {
    const month = months.get(row.month) ?? {
      month: row.month,
      oneTime: 0,
      oneTimeCount: 0,
      monthly: 0,
      monthlyCount: 0,
    };
    if (row.stream === "monthly") {
      month.monthly += Number(row.cents);
      month.monthlyCount += row.count;
    } else {
      month.oneTime += Number(row.cents);
      month.oneTimeCount += row.count;
    }
    months.set(row.month, month);
  }
  return {
    campaigns: raw.campaigns
      .map((row) => {
        const gross = Number(row.gross);
        const refunds = Number(row.refunds);
        const disputes = Number(row.disputes);
        return {
          id: row.id,
          name: row.id ? (row.name ?? "(deleted campaign)") : "No campaign",
          gifts: row.gifts,
          gross,
          refunds,
          disputes,
          kept: gross - refunds - disputes,
        };
      })
      .sort((a, b) => Number(a.id === null) - Number(b.id === null) || a.name.localeCompare(b.name)),
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    donors: { total: raw.donors.total, new: raw.donors.new, returning: raw.donors.total - raw.donors.new },
    tributes: {
      memoryCount: Number(raw.tributes.memoryCount),
      memory: Number(raw.tributes.memory),
      honorCount: Number(raw.tributes.honorCount),
      honor: Number(raw.tributes.honor),
    },
    summaries: raw.summaries,
  };
}

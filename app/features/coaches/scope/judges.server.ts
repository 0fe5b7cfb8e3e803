import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { eventCategory, type JudgeCategory } from "~/features/judges/categories";
import { type Obligation, schoolObligation, zeroes } from "~/features/judges/obligations";
import { settingsFromRow } from "~/features/judges/settings.server";
import { HOLDS_PLACE } from "~/features/tournaments/holds-place";
import { schoolMatchKey } from "~/features/tournaments/schools";
import { countsKey } from "./scope.server";

/** A coach's school as the pool counts it (decision 0045): by its code, or by its name when a row has no code. */
export type CountedSchool = { code: string; name: string };

/** What decision 0045 counts, as the pool page does: a paid entry that holds its place (decision 0050's one rule). */
const COUNTS = sql`o.status = 'completed' and ${HOLDS_PLACE}`;

/** A name as `schoolMatchKey` compares it, in SQL. */
const matchKey = (column: SQL) =>
  sql`trim(both ' ' from regexp_replace(lower(coalesce(${column}, '')), '[^a-z0-9]+', ' ', 'g'))`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

type Row = {
  key: string;
  settings: Parameters<typeof settingsFromRow>[0];
  entries: Array<{ code: string | null; name: string; event: string; n: number }>;
  fees: Array<{ name: string; n: number }>;
  judges: Array<{ code: string | null; name: string; categories: JudgeCategory[] | string; confirmed: boolean }>;
};

/**
 * Each of the coach's schools' judge obligation at each tournament of `keys` (decision 0045's `schoolObligation`,
 * read-only), keyed by `countsKey`: the school's paid entries by category, its Judge Fees and its named judges, counted
 * as the pool page counts them (a row carries the school's code, or, without one, its name), in one statement for the
 * whole season, without reading any other school's rows.
 */
export async function schoolObligations(
  db: Database,
  schools: readonly CountedSchool[],
  keys: readonly string[],
): Promise<Map<string, Obligation>> {
  const obligations = new Map<string, Obligation>();
  if (keys.length === 0 || schools.length === 0) return obligations;
  const codes = list(schools.map((school) => school.code));
  const names = list(schools.map((school) => schoolMatchKey(school.name)));
  const ours = (code: SQL, name: SQL) =>
    sql`(${code} in (${codes}) or (${code} is null and ${matchKey(name)} in (${names})))`;
  const result = await db.execute(sql`
    select k.key,
      (select json_build_object('entriesPerJudge', s.entries_per_judge, 'judgesPerFee', s.judges_per_fee,
                                'roundsObligated', s.rounds_obligated)
         from tournament_judge_settings s where s.key = k.key) as settings,
      (select coalesce(json_agg(e), '[]'::json) from (
         select o.registration->>'schoolCode' as code, coalesce(o.student_school, '') as name, o.event_type as event,
                count(*)::int as n
           from orders o
          where o.tournament_key = k.key and o.student_name is not null and o.event_type is not null and ${COUNTS}
            and ${ours(sql`o.registration->>'schoolCode'`, sql`o.student_school`)}
          group by 1, 2, 3) e) as entries,
      (select coalesce(json_agg(f), '[]'::json) from (
         select coalesce(o.student_school, '') as name, sum(o.item_quantity)::int as n
           from orders o
          where o.tournament_key = k.key and o.student_name is null and ${COUNTS}
            and ${matchKey(sql`o.student_school`)} in (${names})
          group by 1) f) as fees,
      (select coalesce(json_agg(j), '[]'::json) from (
         select j.school_code as code, j.school as name, j.categories, j.status = 'confirmed' and j.vouched_by is not null as confirmed
           from judges j
          where j.tournament_key = k.key and j.status <> 'withdrawn' and ${ours(sql`j.school_code`, sql`j.school`)}) j)
        as judges
      from unnest(array[${list(keys)}]::text[]) as k(key)`);
  const belongs = (school: CountedSchool, code: string | null, name: string) =>
    code ? code === school.code : schoolMatchKey(name) === schoolMatchKey(school.name);
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    const rule = settingsFromRow(row.settings ?? null);
    for (const school of schools) {
      const entries = zeroes();
      for (const entry of row.entries)
        if (belongs(school, entry.code, entry.name)) entries[eventCategory(entry.event)] += Number(entry.n);
      const fees = row.fees
        .filter((fee) => schoolMatchKey(fee.name) === schoolMatchKey(school.name))
        .reduce((total, fee) => total + Number(fee.n), 0);
      const judges = row.judges
        .filter((judge) => belongs(school, judge.code, judge.name))
        .map((judge) => ({
          categories: (typeof judge.categories === "string"
            ? JSON.parse(judge.categories)
            : judge.categories) as JudgeCategory[],
          confirmed: judge.confirmed,
        }));
      obligations.set(countsKey(row.key, school.code), schoolObligation(rule, entries, fees, judges));
    }
  }
  return obligations;
}

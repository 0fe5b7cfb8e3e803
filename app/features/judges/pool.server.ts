import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import type { Judge } from "~/db/schema/judges";
import { type MemberSchool, schoolMatchKey } from "~/features/tournaments/schools";
import { eventCategory, JUDGE_CATEGORIES, type JudgeCategory } from "./categories";
import { type Obligation, type PerCategory, schoolObligation, zeroes } from "./obligations";
import { judgeSettings, type JudgeSettings } from "./settings.server";

/** A paid entry or Judge Fee still counts: completed, not dropped, not refunded in full. */
const COUNTS = sql`o.status = 'completed' and o.dropped_at is null
  and not (o.total_amount > 0 and o.refunded_amount >= o.total_amount)`;

/** A judge as the pool page lists them. */
export type PoolJudge = Pick<
  Judge,
  "id" | "firstName" | "lastName" | "email" | "phone" | "school" | "schoolCode" | "categories" | "note" | "status"
> & { createdAt: string };

/** One school of a tournament's pool. */
export type PoolSchool = {
  /** The member school's code, or "typed:<name as compared>" for a school typed under Other. */
  id: string;
  school: string;
  schoolCode: string | null;
  /** Judge Fees paid (their quantity) and the contacts they named. */
  fees: number;
  feeContacts: string[];
  judges: PoolJudge[];
  obligation: Obligation;
};

export type JudgePool = {
  settings: JudgeSettings;
  schools: PoolSchool[];
  /** Judges named for no school (hired or neutral): they count for nobody's obligation. */
  unaffiliated: PoolJudge[];
  /** "Any tournament" volunteers no one has assigned yet (district-wide). */
  volunteers: PoolJudge[];
  totals: { owed: number; confirmed: number; shortfall: number; schoolsShort: number };
};

const toPoolJudge = (row: Judge): PoolJudge => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  school: row.school,
  schoolCode: row.schoolCode,
  categories: row.categories,
  note: row.note,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Finds the school a name (and maybe a member code) stands for: a member school, or the typed name. */
export function schoolIdentity(
  schools: readonly MemberSchool[],
  name: string,
  code: string | null | undefined,
): { id: string; school: string; schoolCode: string | null } {
  const byCode = code ? schools.find((school) => school.code === code) : undefined;
  const key = schoolMatchKey(name);
  const member = byCode ?? schools.find((school) => schoolMatchKey(school.name) === key);
  if (member) return { id: member.code, school: member.name, schoolCode: member.code };
  return { id: `typed:${key}`, school: name.trim(), schoolCode: null };
}

type Rows<T> = { rows: T[] };

/**
 * A tournament's judge pool (decision 0042): per school its paid entries by category, Judge Fees, named judges and
 * what it owes; the judges of no school; the volunteers not yet assigned. Five indexed reads.
 */
export async function judgePool(
  db: Database | Transaction,
  key: string,
  schools: readonly MemberSchool[],
): Promise<JudgePool> {
  // One after another: inside a transaction (the receipt's notes) the reads share one connection.
  const settings = await judgeSettings(db, key);
  const entryResult = await db.execute(sql`
      select o.registration->>'schoolCode' as code, coalesce(o.student_school, '') as school, o.event_type as event,
             count(*)::int as entries
        from orders o
       where o.tournament_key = ${key} and o.student_name is not null and o.event_type is not null and ${COUNTS}
       group by 1, 2, 3`);
  const feeResult = await db.execute(sql`
      select coalesce(o.student_school, '') as school, sum(o.item_quantity)::int as fees,
             array_remove(array_agg(distinct o.item_description), null) as contacts
        from orders o
       where o.tournament_key = ${key} and o.student_name is null and ${COUNTS}
       group by 1`);
  const judgeResult = await db.execute(
    sql`select * from judges where tournament_key = ${key} and status <> 'withdrawn' order by created_at, id`,
  );
  const volunteerResult = await db.execute(
    sql`select * from judges where tournament_key is null and status <> 'withdrawn' order by created_at, id`,
  );

  const bySchool = new Map<
    string,
    {
      id: string;
      school: string;
      schoolCode: string | null;
      entries: PerCategory;
      fees: number;
      feeContacts: string[];
      judges: PoolJudge[];
    }
  >();
  const group = (name: string, code: string | null | undefined) => {
    const identity = schoolIdentity(schools, name, code);
    let found = bySchool.get(identity.id);
    if (!found) {
      found = { ...identity, entries: zeroes(), fees: 0, feeContacts: [], judges: [] };
      bySchool.set(identity.id, found);
    }
    return found;
  };
  for (const row of (
    entryResult as unknown as Rows<{ code: string | null; school: string; event: string; entries: number }>
  ).rows)
    group(row.school, row.code).entries[eventCategory(row.event)] += Number(row.entries);
  for (const row of (feeResult as unknown as Rows<{ school: string; fees: number; contacts: string[] | null }>).rows) {
    const school = group(row.school, null);
    school.fees += Number(row.fees);
    for (const contact of row.contacts ?? [])
      if (!school.feeContacts.includes(contact)) school.feeContacts.push(contact);
  }
  const unaffiliated: PoolJudge[] = [];
  for (const row of (judgeResult as unknown as Rows<Record<string, unknown>>).rows.map(judgeFromRow)) {
    if (!row.school && !row.schoolCode) unaffiliated.push(toPoolJudge(row));
    else group(row.school, row.schoolCode).judges.push(toPoolJudge(row));
  }
  const volunteers = (volunteerResult as unknown as Rows<Record<string, unknown>>).rows
    .map(judgeFromRow)
    .map(toPoolJudge);

  const poolSchools: PoolSchool[] = [...bySchool.values()]
    .map((school) => ({
      id: school.id,
      school: school.school,
      schoolCode: school.schoolCode,
      fees: school.fees,
      feeContacts: school.feeContacts,
      judges: school.judges,
      obligation: schoolObligation(
        settings,
        school.entries,
        school.fees,
        school.judges.map((judge) => ({ categories: judge.categories, confirmed: judge.status === "confirmed" })),
      ),
    }))
    .sort(
      (a, b) => b.obligation.shortfallTotal - a.obligation.shortfallTotal || a.school.localeCompare(b.school, "en-US"),
    );
  const totals = { owed: 0, confirmed: 0, shortfall: 0, schoolsShort: 0 };
  for (const school of poolSchools) {
    totals.owed += school.obligation.owedTotal;
    totals.confirmed += school.obligation.confirmed;
    totals.shortfall += school.obligation.shortfallTotal;
    if (school.obligation.shortfallTotal > 0) totals.schoolsShort += 1;
  }
  return { settings, schools: poolSchools, unaffiliated, volunteers, totals };
}

/** A judges row read by raw SQL, in the schema's shape. */
function judgeFromRow(row: Record<string, unknown>): Judge {
  return {
    id: String(row.id),
    tournamentKey: (row.tournament_key as string | null) ?? null,
    tournamentTitle: (row.tournament_title as string | null) ?? null,
    tournamentDate: (row.tournament_date as string | null) ?? null,
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    phone: (row.phone as string | null) ?? null,
    school: String(row.school ?? ""),
    schoolCode: (row.school_code as string | null) ?? null,
    categories: (typeof row.categories === "string" ? JSON.parse(row.categories) : row.categories) as JudgeCategory[],
    note: (row.note as string | null) ?? null,
    status: row.status as Judge["status"],
    tokenHash: String(row.token_hash),
    createdAt: new Date(row.created_at as string),
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at as string) : null,
    withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at as string) : null,
    assignedAt: row.assigned_at ? new Date(row.assigned_at as string) : null,
    assignedBy: (row.assigned_by as string | null) ?? null,
  };
}

/** What one school owes for a tournament so far, for the families' confirmation and payment result. */
export async function schoolObligationSoFar(
  db: Database,
  key: string,
  schools: readonly MemberSchool[],
  name: string,
  code: string | null | undefined,
): Promise<PoolSchool | null> {
  const identity = schoolIdentity(schools, name, code);
  const pool = await judgePool(db, key, schools);
  return pool.schools.find((school) => school.id === identity.id) ?? null;
}

/** The contact addresses of the paid entries of the schools short of judges: who the shortfall message reaches. */
export async function shortSchoolRecipients(
  db: Database,
  key: string,
  schools: readonly MemberSchool[],
  pool: JudgePool,
): Promise<string[]> {
  const short = new Set(
    pool.schools.filter((school) => school.obligation.shortfallTotal > 0).map((school) => school.id),
  );
  if (short.size === 0) return [];
  const result = await db.execute(sql`
    select distinct o.registration->>'schoolCode' as code, coalesce(o.student_school, '') as school,
           lower(o.customer_email) as email
      from orders o
     where o.tournament_key = ${key} and o.student_name is not null and ${COUNTS}`);
  const emails = new Set<string>();
  for (const row of (result as unknown as Rows<{ code: string | null; school: string; email: string }>).rows)
    if (short.has(schoolIdentity(schools, row.school, row.code).id)) emails.add(row.email);
  return [...emails].sort();
}

export { JUDGE_CATEGORIES };
export type { JudgeCategory };

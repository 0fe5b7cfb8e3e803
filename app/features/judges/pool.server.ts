import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import type { Judge } from "~/db/schema/judges";
import { memberTabroomSchool, typedTabroomSchool } from "~/features/tabroom/school";
import { HOLDS_PLACE } from "~/features/tournaments/holds-place";
import { type MemberSchool, schoolMatchKey } from "~/features/tournaments/schools";
import { eventCategory, type JudgeCategory } from "./categories";
import { type Obligation, type PerCategory, schoolObligation, zeroes } from "./obligations";
import { settingsFromRow, type JudgeSettings } from "./settings.server";

/** A paid entry or Judge Fee still counts: paid, and holding its place (the one rule: holds-place.ts). */
const COUNTS = sql`o.status = 'completed' and ${HOLDS_PLACE}`;

/** A judge as the pool page lists them. */
export type PoolJudge = Pick<
  Judge,
  | "id"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "school"
  | "schoolCode"
  | "categories"
  | "note"
  | "status"
  | "fileCategory"
  | "otherNames"
  | "vouchedBy"
> & { createdAt: string };

/** One school of a tournament's pool. */
export type PoolSchool = {
  /** The member school's code, or "typed:<name as compared>" for a school typed under Other. */
  id: string;
  school: string;
  schoolCode: string | null;
  /** The school as every Tabroom file writes it (app/features/tabroom/school.ts). */
  tabroomName: string;
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
  /** The contact addresses of the paid entries of the schools short of judges: who the shortfall message reaches. */
  shortRecipients: string[];
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
  fileCategory: row.fileCategory,
  otherNames: row.otherNames,
  vouchedBy: row.vouchedBy,
  createdAt: new Date(row.createdAt).toISOString(),
});

const keysOf = new WeakMap<readonly MemberSchool[], Map<string, MemberSchool>>();

/** The member schools by their names as compared (computed once per list). */
function memberKeys(schools: readonly MemberSchool[]): Map<string, MemberSchool> {
  let keys = keysOf.get(schools);
  if (!keys) {
    keys = new Map();
    for (const school of schools)
      if (!keys.has(schoolMatchKey(school.name))) keys.set(schoolMatchKey(school.name), school);
    keysOf.set(schools, keys);
  }
  return keys;
}

/** Finds the school a name (and maybe a member code) stands for: a member school, or the typed name. */
export function schoolIdentity(
  schools: readonly MemberSchool[],
  name: string,
  code: string | null | undefined,
): { id: string; school: string; schoolCode: string | null; tabroomName: string } {
  const byCode = code ? schools.find((school) => school.code === code) : undefined;
  const key = schoolMatchKey(name);
  const member = byCode ?? memberKeys(schools).get(key);
  if (member)
    return {
      id: member.code,
      school: member.name,
      schoolCode: member.code,
      tabroomName: memberTabroomSchool(member).name,
    };
  return {
    id: `typed:${key}`,
    school: name.trim(),
    schoolCode: null,
    tabroomName: typedTabroomSchool(name)?.name ?? name.trim(),
  };
}

type Rows<T> = { rows: T[] };

/**
 * A tournament's judge pool (decision 0045): per school its paid entries by category, Judge Fees, named judges and
 * what it owes; the judges of no school; the volunteers not yet assigned; who the shortfall message reaches.
 */
export async function judgePool(
  db: Database | Transaction,
  key: string,
  schools: readonly MemberSchool[],
): Promise<JudgePool> {
  // One statement, one round trip: on a busy database each extra read waits its turn again (bench/judges.mjs).
  const result = await db.execute(sql`
    select
      (select json_build_object('entriesPerJudge', s.entries_per_judge, 'judgesPerFee', s.judges_per_fee,
                                'roundsObligated', s.rounds_obligated)
         from tournament_judge_settings s where s.key = ${key}) as settings,
      (select coalesce(json_agg(e), '[]'::json) from (
         select o.registration->>'schoolCode' as code, coalesce(o.student_school, '') as school, o.event_type as event,
                count(*)::int as entries
           from orders o
          where o.tournament_key = ${key} and o.student_name is not null and o.event_type is not null and ${COUNTS}
          group by 1, 2, 3) e) as entries,
      (select coalesce(json_agg(r), '[]'::json) from (
         select o.registration->>'schoolCode' as code, coalesce(o.student_school, '') as school,
                array_agg(distinct lower(o.customer_email)) as emails
           from orders o
          where o.tournament_key = ${key} and o.student_name is not null and o.event_type is not null and ${COUNTS}
          group by 1, 2) r) as registrants,
      (select coalesce(json_agg(f), '[]'::json) from (
         select coalesce(o.student_school, '') as school, sum(o.item_quantity)::int as fees,
                array_remove(array_agg(distinct o.item_description), null) as contacts
           from orders o
          where o.tournament_key = ${key} and o.student_name is null and ${COUNTS}
          group by 1) f) as fees,
      (select coalesce(json_agg(j order by j.created_at, j.id), '[]'::json) from judges j
        where j.tournament_key = ${key} and j.status <> 'withdrawn') as judges,
      (select coalesce(json_agg(j order by j.created_at, j.id), '[]'::json) from judges j
        where j.tournament_key is null and j.status <> 'withdrawn') as volunteers`);
  const [read] = (
    result as unknown as Rows<{
      settings: Parameters<typeof settingsFromRow>[0];
      entries: Array<{ code: string | null; school: string; event: string; entries: number }>;
      registrants: Array<{ code: string | null; school: string; emails: string[] }>;
      fees: Array<{ school: string; fees: number; contacts: string[] | null }>;
      judges: Array<Record<string, unknown>>;
      volunteers: Array<Record<string, unknown>>;
    }>
  ).rows;
  const settings = settingsFromRow(read!.settings ?? null);

  const bySchool = new Map<
    string,
    {
      id: string;
      school: string;
      schoolCode: string | null;
      tabroomName: string;
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
  const registrants = new Map<string, Set<string>>();
  for (const row of read!.entries) group(row.school, row.code).entries[eventCategory(row.event)] += Number(row.entries);
  for (const row of read!.registrants) {
    const id = schoolIdentity(schools, row.school, row.code).id;
    const emails = registrants.get(id) ?? new Set<string>();
    for (const email of row.emails) emails.add(email);
    registrants.set(id, emails);
  }
  for (const row of read!.fees) {
    const school = group(row.school, null);
    school.fees += Number(row.fees);
    for (const contact of row.contacts ?? [])
      if (!school.feeContacts.includes(contact)) school.feeContacts.push(contact);
  }
  const unaffiliated: PoolJudge[] = [];
  for (const row of read!.judges.map(judgeFromRow)) {
    if (!row.school && !row.schoolCode) unaffiliated.push(toPoolJudge(row));
    else group(row.school, row.schoolCode).judges.push(toPoolJudge(row));
  }
  const volunteers = read!.volunteers.map(judgeFromRow).map(toPoolJudge);

  const poolSchools: PoolSchool[] = [...bySchool.values()]
    .map((school) => ({
      id: school.id,
      school: school.school,
      schoolCode: school.schoolCode,
      tabroomName: school.tabroomName,
      fees: school.fees,
      feeContacts: school.feeContacts,
      judges: school.judges,
      obligation: schoolObligation(
        settings,
        school.entries,
        school.fees,
        // A judge counts once confirmed and vouched for (decision 0049): one waiting for the school counts for none.
        school.judges.map((judge) => ({
          categories: judge.categories,
          confirmed: judge.status === "confirmed" && judge.vouchedBy !== null,
        })),
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
  const shortRecipients = new Set<string>();
  for (const school of poolSchools)
    if (school.obligation.shortfallTotal > 0)
      for (const email of registrants.get(school.id) ?? []) shortRecipients.add(email);
  return {
    settings,
    schools: poolSchools,
    unaffiliated,
    volunteers,
    totals,
    shortRecipients: [...shortRecipients].sort(),
  };
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
    fileCategory: row.file_category as JudgeCategory,
    otherNames: (typeof row.other_names === "string"
      ? JSON.parse(row.other_names)
      : (row.other_names ?? [])) as string[],
    vouchedBy: (row.vouched_by as Judge["vouchedBy"]) ?? null,
    vouchedAt: row.vouched_at ? new Date(row.vouched_at as string) : null,
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

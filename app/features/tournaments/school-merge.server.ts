import { sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import type { MemberSchool } from "./schools";

/** A typed school's name as compared in SQL, as schoolMatchKey compares it in TypeScript. */
const matchKey = (column: ReturnType<typeof sql>) =>
  sql`btrim(regexp_replace(lower(${column}), '[^a-z0-9]+', ' ', 'g'))`;

/**
 * What else a typed school merged into a member school takes with it (decision 0049), in the merge's transaction:
 * the judges named for it at this tournament (they count for the member school at once, as they are written in its
 * name in the judge files) and its Judge Fees (the pool reads a fee's school by name). The messages to the schools
 * short of judges are addressed from the pool, so they follow. Returns how many judges and fees moved.
 */
export async function mergeAttached(
  tx: Transaction,
  key: string,
  wanted: string,
  member: MemberSchool,
): Promise<{ judges: number; fees: number }> {
  const judges = await tx.execute(sql`
    update judges set school = ${member.name}, school_code = ${member.code}
     where tournament_key = ${key} and school_code is null and school <> ''
       and ${matchKey(sql`school`)} = ${wanted}
    returning id`);
  const fees = await tx.execute(sql`
    update orders set student_school = ${member.name}
     where tournament_key = ${key} and student_name is null and student_school is not null
       and ${matchKey(sql`student_school`)} = ${wanted}
    returning id`);
  const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;
  return { judges: count(judges), fees: count(fees) };
}

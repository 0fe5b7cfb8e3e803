import { and, eq, sql } from "drizzle-orm";
import { isUuid } from "~/core/uuid";
import type { Database, Transaction } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { Actor } from "~/core/actor";
import { auditedChange } from "~/features/accounts/audit.server";
import type { MemberSchool } from "./schools";
import { schoolMatchKey } from "./schools";
import { tabroomNameProblem } from "./names";
import { recordEntryChange, staffBy } from "./entry-history.server";
import { mergeAttached } from "./school-merge.server";

const registrationNameLong = "Student name must be less than 100 characters";

export type StaffOutcome = { ok: boolean; status: number; message: string };

/** The schools typed under Other on a tournament's entries (student or partner), with how many entries name each. */
export async function typedSchools(db: Database, key: string): Promise<Array<{ name: string; entries: number }>> {
  const rows = await candidates(db, key);
  const counts = new Map<string, { name: string; entries: number }>();
  for (const row of rows) {
    // An entry counts once per school, when its partner's school is the student's.
    const seen = new Set<string>();
    for (const name of typedNamesOf(row)) {
      const id = schoolMatchKey(name);
      if (seen.has(id)) continue;
      seen.add(id);
      const found = counts.get(id) ?? { name, entries: 0 };
      found.entries++;
      counts.set(id, found);
    }
  }
  return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name, "en-US"));
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

function candidates(db: Database | Transaction, key: string) {
  return db
    .select({ id: orders.id, studentSchool: orders.studentSchool, registration: orders.registration })
    .from(orders)
    .where(and(eq(orders.tournamentKey, key), sql`${orders.studentName} is not null`));
}

function typedNamesOf(row: Candidate): string[] {
  const data = row.registration ?? {};
  const names: string[] = [];
  if (!data.schoolCode && row.studentSchool) names.push(row.studentSchool);
  if (data.partnerFirst && !data.partnerSchoolCode && data.partnerSchool) names.push(data.partnerSchool);
  return names;
}

/**
 * Staff merge a school typed under Other into a member school (decision 0040): every entry of the tournament whose
 * student's (or partner's) typed school matches it, case, spacing and punctuation aside, takes the member school's
 * name and code. Audited with the count.
 */
export async function mergeSchool(
  db: Database,
  actor: Actor,
  key: string,
  typed: string,
  member: MemberSchool | undefined,
): Promise<StaffOutcome> {
  if (!member) return { ok: false, status: 400, message: "Choose the member school to merge into." };
  const wanted = schoolMatchKey(typed);
  if (!wanted) return { ok: false, status: 400, message: "Choose the typed school to merge." };
  const changed = await auditedChange(
    db,
    actor,
    async (tx) => {
      let count = 0;
      for (const row of await candidates(tx, key)) {
        const data = { ...row.registration };
        let studentSchool = row.studentSchool;
        let touched = false;
        if (!data.schoolCode && row.studentSchool && schoolMatchKey(row.studentSchool) === wanted) {
          studentSchool = member.name;
          data.studentSchool = member.name;
          data.schoolCode = member.code;
          touched = true;
        }
        if (
          data.partnerFirst &&
          !data.partnerSchoolCode &&
          data.partnerSchool &&
          schoolMatchKey(data.partnerSchool) === wanted
        ) {
          data.partnerSchool = member.name;
          data.partnerSchoolCode = member.code;
          touched = true;
        }
        if (!touched) continue;
        await tx.update(orders).set({ studentSchool, registration: data }).where(eq(orders.id, row.id));
        await recordEntryChange(tx, {
          orderId: row.id,
          tournamentKey: key,
          by: staffBy(actor),
          kind: "school",
          change: { typed, into: member.code },
          summary: `School "${typed}" merged into ${member.name} by staff.`,
        });
        count++;
      }
      const attached = await mergeAttached(tx, key, wanted, member);
      return count + attached.judges + attached.fees > 0 ? { entries: count, ...attached } : null;
    },
    (moved) => ({ action: "tournament.school_merge", details: { key, typed, into: member.code, ...moved } }),
  );
  if (!changed) return { ok: false, status: 409, message: `No entry names "${typed}" any more.` };
  const judges = changed.judges > 0 ? ` and ${changed.judges} ${changed.judges === 1 ? "judge" : "judges"}` : "";
  return {
    ok: true,
    status: 200,
    message: `"${typed}" merged into ${member.name} on ${changed.entries} ${changed.entries === 1 ? "entry" : "entries"}${judges}.`,
  };
}

/**
 * Confirms or corrects the first and last name an old entry's one-field name was split into (decision 0046): both
 * are required and follow registration's rules (no =, +, - or @ first; letters Tabroom can take). The entry's name
 * becomes the two joined, and the roster stops marking it. Audited with the name before and after.
 */
export async function confirmEntryName(
  db: Database,
  actor: Actor,
  key: string,
  input: { orderId: string; first: string; last: string },
): Promise<StaffOutcome> {
  if (!isUuid(input.orderId)) return { ok: false, status: 400, message: "This entry no longer exists." };
  const first = input.first.trim().replace(/\s+/g, " ");
  const last = input.last.trim().replace(/\s+/g, " ");
  if (!first || !last) return { ok: false, status: 400, message: "Enter both the first and the last name." };
  if (first.length > 100 || last.length > 100) return { ok: false, status: 400, message: registrationNameLong };
  const problem = tabroomNameProblem(first) ?? tabroomNameProblem(last);
  if (problem) return { ok: false, status: 400, message: problem };
  const name = `${first} ${last}`;
  const changed = await auditedChange(
    db,
    actor,
    async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, input.orderId), eq(orders.tournamentKey, key)))
        .for("update");
      if (!order || order.studentName === null) return null;
      const registration = { ...order.registration, studentFirst: first, studentLast: last, nameUnsure: false };
      await tx.update(orders).set({ studentName: name, registration }).where(eq(orders.id, order.id));
      await recordEntryChange(tx, {
        orderId: order.id,
        tournamentKey: key,
        by: staffBy(actor),
        kind: "name",
        change: { before: order.studentName, after: name, first, last },
        summary: `Student's name confirmed by staff as ${first} (first) ${last} (last).`,
      });
      return { before: order.studentName, after: name };
    },
    (names) => ({ action: "tournament.name", details: { key, orderId: input.orderId, ...names } }),
  );
  if (!changed) return { ok: false, status: 404, message: "This entry no longer exists." };
  return { ok: true, status: 200, message: `${name}: first name ${first}, last name ${last}.` };
}

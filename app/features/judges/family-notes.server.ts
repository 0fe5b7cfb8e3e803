import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database, Transaction } from "~/db/client.server";
import type { Order } from "~/db/schema";
import { registerReceiptNotes } from "~/features/payments/checkout/fulfilment-emails.server";
import { entrySchools, type EntrySchool } from "~/features/payments/checkout/payment-result.server";
import type { MemberSchool } from "~/features/tournaments/schools";
import { memberSchools } from "~/features/tournaments/schools.server";
import { judgePool, schoolIdentity } from "./pool.server";
import { schoolJudgeFormPath } from "./school-pass.server";

/** What one school owes in judges for one tournament so far, as families read it. */
export type FamilyJudgeNote = {
  school: string;
  tournament: string;
  owed: number;
  confirmed: number;
  short: number;
  /** The judge form with this tournament chosen (a path; the email makes it a full address). */
  formPath: string;
};

/** The sentence families read (the receipt, the payment result). */
export function familyNoteText(note: FamilyJudgeNote, publicUrl = ""): string {
  const link = `${publicUrl}${note.formPath}`;
  if (note.owed === 0)
    return `Judges: ${note.school} owes no judges for ${note.tournament} so far. To judge anyway, use the judge form: ${link}`;
  const judges = `${note.owed} ${note.owed === 1 ? "judge" : "judges"}`;
  const status =
    note.short === 0 ? "all of them confirmed" : `${note.confirmed} confirmed, ${note.short} still to name and confirm`;
  return `Judges: ${note.school} owes ${judges} for ${note.tournament} so far (${status}). Name a judge on the judge form: ${link}`;
}

/** The notes for each tournament and school among `entries` (decision 0045). */
export async function familyJudgeNotes(
  db: Database | Transaction,
  entries: readonly EntrySchool[],
  schools: readonly MemberSchool[] = memberSchools(),
): Promise<FamilyJudgeNote[]> {
  const notes: FamilyJudgeNote[] = [];
  const pools = new Map<string, Awaited<ReturnType<typeof judgePool>>>();
  for (const entry of entries) {
    let pool = pools.get(entry.tournamentKey);
    if (!pool) {
      pool = await judgePool(db, entry.tournamentKey, schools);
      pools.set(entry.tournamentKey, pool);
    }
    const identity = schoolIdentity(schools, entry.school, entry.schoolCode);
    const row = pool.schools.find((school) => school.id === identity.id);
    notes.push({
      school: identity.school,
      tournament: entry.tournamentName,
      owed: row?.obligation.owedTotal ?? 0,
      confirmed: row ? row.obligation.owedTotal - row.obligation.shortfallTotal : 0,
      short: row?.obligation.shortfallTotal ?? 0,
      // The school's own registration: a judge named through this link is vouched for by the family (decision 0049).
      formPath: schoolJudgeFormPath(entry.tournamentKey, identity),
    });
  }
  return notes;
}

/** The receipt's notes, read in fulfilment's transaction; a failure leaves them out rather than the receipt. */
async function receiptJudgeNotes(tx: Transaction, orders: Order[]): Promise<string[]> {
  const entries = entrySchools(orders);
  if (entries.length === 0) return [];
  try {
    // A savepoint: a failed read here must not end fulfilment's transaction.
    const notes = await tx.transaction(async (inner) => familyJudgeNotes(inner, entries));
    return notes.map((note) => familyNoteText(note, env().PUBLIC_URL));
  } catch (error) {
    logger.error({ err: error }, "judge notes for a receipt could not be read; the receipt goes without them");
    return [];
  }
}

/** What judges hand to payments, which never imports them: server/start.ts (and the tests' database helper) call it. */
export function registerJudgeHooks(): void {
  registerReceiptNotes(receiptJudgeNotes);
}

import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import type { RegistrationData } from "~/db/registration-data";
import { HOLDS_PLACE } from "../holds-place";
import { entryOf, entryStudents, sameStudentMessage, sharedStudent } from "./same-student";

type OrderRow = {
  key: string;
  event: string;
  student_name: string;
  registration: RegistrationData | null;
  tournament_name: string | null;
  status: "pending" | "completed";
  entry_code: number | null;
};

/**
 * The entries already made (paid, or held by a checkout: they hold a place, decision 0040) of these tournaments,
 * leaving out those of `cartId`'s own open checkout (the next Proceed to Checkout replaces it).
 */
async function madeEntries(
  db: Database | Transaction,
  keys: readonly string[],
  cartId: string | null,
  exceptOrderId: string | null = null,
) {
  if (keys.length === 0) return [];
  const result = await db.execute(sql`
    select o.tournament_key as key, o.event_type as event, o.student_name, o.registration, o.tournament_name,
           o.status, o.entry_code
      from orders o left join checkouts k on k.id = o.checkout_id
     where o.tournament_key in (${sql.join(
       keys.map((key) => sql`${key}`),
       sql`, `,
     )}) and o.event_type is not null and o.student_name is not null and ${HOLDS_PLACE}
       and not (${cartId}::text is not null and k.cart_id is not null and k.cart_id = ${cartId}::text
                and k.status = 'open')
       and (${exceptOrderId}::text is null or o.id::text <> ${exceptOrderId}::text)
     order by o.entry_code nulls last, o.created_at, o.id`);
  return (result as unknown as { rows: OrderRow[] }).rows;
}

/**
 * Why these tournament entries cannot be added or paid (docs/product.md#one-entry-per-student-and-event: one entry per student and event), or null: a
 * student of one of them is already entered in the same event of the same tournament, paid or awaiting payment, or
 * is in the same event in the cart already (`inCart`: the cart's other lines, in the order they were added). The
 * refusal names the entry already made. Lines that are not tournament entries are left alone.
 */
export async function sameStudentRefusal(
  db: Database | Transaction,
  wanted: ReadonlyArray<RegistrationData | null>,
  options: {
    cartId: string | null;
    inCart?: ReadonlyArray<RegistrationData | null>;
    /** An entry being changed (a family's or staff's fix, a switch): it is not a repeat of itself. */
    exceptOrderId?: string;
  },
): Promise<string | null> {
  const entries = wanted.map(entryOf).filter((entry) => entry !== null);
  if (entries.length === 0) return null;
  const earlier = (options.inCart ?? []).map(entryOf).filter((entry) => entry !== null);
  const made = await madeEntries(
    db,
    [...new Set(entries.map((entry) => entry.key))],
    options.cartId,
    options.exceptOrderId ?? null,
  );
  for (const [index, entry] of entries.entries()) {
    for (const row of made) {
      if (row.key !== entry.key || row.event !== entry.event) continue;
      const student = sharedStudent(entry.students, entryStudents(row.registration, row.student_name));
      if (!student) continue;
      return sameStudentMessage({
        student,
        event: entry.event,
        tournament: row.tournament_name ?? entry.tournament,
        state: row.status === "completed" ? "paid" : "awaiting payment",
        code: row.entry_code === null ? null : Number(row.entry_code),
      });
    }
    // The cart's lines before this one (at checkout, every earlier line of the same cart).
    for (const other of [...earlier, ...entries.slice(0, index)]) {
      if (other.key !== entry.key || other.event !== entry.event) continue;
      const student = sharedStudent(entry.students, other.students);
      if (student) {
        return sameStudentMessage({
          student,
          event: entry.event,
          tournament: entry.tournament,
          state: "in your cart",
          code: null,
        });
      }
    }
  }
  return null;
}

/**
 * Inside a checkout's transaction, before its pending orders are written: one lock per tournament among `lines`
 * (in key order, so two checkouts never deadlock), held until the checkout commits, so that two carts paying for
 * the same student in the same event take turns and the second sees the first's entry. PostgreSQL's advisory lock:
 * a tournament without settings has no row to lock.
 */
export async function lockTournamentEntries(tx: Transaction, lines: ReadonlyArray<RegistrationData | null>) {
  const keys = [...new Set(lines.map(entryOf).flatMap((entry) => (entry ? [entry.key] : [])))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tournament-entries:${key}`}))`);
}

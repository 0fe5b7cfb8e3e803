import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./client.server";

/**
 * Gives each paid tournament entry of `keys` that has no code yet the next codes of its tournament (decision 0046),
 * in the order the entries were added: 100, 101... A code is given once and never changed; a drop, a refund or a
 * declined checkout leaves every code where it is. The tournament's counter row is locked while it counts, so two
 * payments (on any instance) never take the same code. Runs in the caller's transaction, or its own.
 * Returns the codes given, by order id.
 */
export async function assignEntryCodes(
  db: Database | Transaction,
  keys: Iterable<string | null | undefined>,
): Promise<Map<string, number>> {
  const given = new Map<string, number>();
  const wanted = [...new Set([...keys].filter((key): key is string => !!key))].sort();
  if (wanted.length === 0) return given;
  const run = async (tx: Database | Transaction) => {
    for (const key of wanted) {
      // The counter's row first, locked: whoever comes second waits here, then finds the entries already coded.
      await tx.execute(sql`
        insert into tournament_entry_codes (tournament_key, last_code) values (${key}, 99) on conflict do nothing`);
      const locked = await tx.execute(sql`
        select last_code from tournament_entry_codes where tournament_key = ${key} for update`);
      const last = Number((locked as unknown as { rows: Array<{ last_code: number }> }).rows[0]!.last_code);
      const waiting = await tx.execute(sql`
        select id from orders
         where tournament_key = ${key} and entry_code is null and status = 'completed'
           and student_name is not null and event_type is not null
         order by created_at, id`);
      const ids = (waiting as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
      if (ids.length === 0) continue;
      for (const [index, id] of ids.entries()) {
        await tx.execute(sql`update orders set entry_code = ${last + 1 + index} where id = ${id}`);
        given.set(id, last + 1 + index);
      }
      await tx.execute(sql`
        update tournament_entry_codes set last_code = ${last + ids.length} where tournament_key = ${key}`);
    }
  };
  if ("rollback" in db) await run(db);
  else {
    // A roster read: most of the time every paid entry has its code, and nothing is locked or written.
    const waiting = await db.execute(sql`
      select 1 from orders
       where tournament_key in (${sql.join(
         wanted.map((key) => sql`${key}`),
         sql`, `,
       )}) and entry_code is null and status = 'completed' and student_name is not null and event_type is not null
       limit 1`);
    if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) await db.transaction(run);
  }
  return given;
}

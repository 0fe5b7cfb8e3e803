import { asc, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { tournamentSettings } from "~/db/schema/tournaments";

/**
 * The entries that hold a place (decision 0040): a tournament entry that is paid or held by an open or processing
 * checkout (its order is completed or pending), not dropped by staff and not refunded in full. A checkout that
 * fails or expires fails its orders, so its places come back with its stock, in the same statement.
 */
export const HOLDS_PLACE = sql`o.status in ('pending', 'completed') and o.dropped_at is null
  and not (o.total_amount > 0 and o.refunded_amount >= o.total_amount)`;

/** Places taken per tournament and event: tournament key -> event -> entries. */
export async function takenPlaces(
  db: Database | Transaction,
  keys: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const taken = new Map<string, Map<string, number>>();
  if (keys.length === 0) return taken;
  const result = await db.execute(sql`
    select o.tournament_key as key, o.event_type as event, count(*)::int as entries
      from orders o
     where o.tournament_key in (${sql.join(
       keys.map((key) => sql`${key}`),
       sql`, `,
     )}) and ${HOLDS_PLACE}
     group by o.tournament_key, o.event_type`);
  for (const row of (result as unknown as { rows: Array<{ key: string; event: string; entries: number }> }).rows) {
    const byEvent = taken.get(row.key) ?? new Map<string, number>();
    byEvent.set(row.event, Number(row.entries));
    taken.set(row.key, byEvent);
  }
  return taken;
}

export type PlaceRequest = { key: string; title: string; event: string };

/**
 * Inside the checkout's transaction, before its pending orders are written: the settings row of every capped
 * tournament among `wanted` is locked (in key order, so two carts never deadlock), then the places taken are
 * counted. The lock is held until the checkout commits its orders, so a second checkout for the same tournament
 * counts after the first has committed (or rolled back): a cap is never oversold, on any number of instances.
 * Returns the refusal for the first event with too few places left, or null.
 */
export async function holdPlaces(tx: Transaction, wanted: readonly PlaceRequest[]): Promise<string | null> {
  if (wanted.length === 0) return null;
  const keys = [...new Set(wanted.map((entry) => entry.key))].sort();
  const locked = await tx
    .select({ key: tournamentSettings.key, caps: tournamentSettings.caps })
    .from(tournamentSettings)
    .where(inArray(tournamentSettings.key, keys))
    .orderBy(asc(tournamentSettings.key))
    .for("update");
  const capped = locked.filter((row) => Object.keys(row.caps ?? {}).length > 0);
  if (capped.length === 0) return null;
  const taken = await takenPlaces(
    tx,
    capped.map((row) => row.key),
  );
  const asked = new Map<string, number>();
  for (const entry of wanted) {
    const id = `${entry.key}\n${entry.event}`;
    asked.set(id, (asked.get(id) ?? 0) + 1);
  }
  for (const row of capped) {
    for (const entry of wanted.filter((candidate) => candidate.key === row.key)) {
      const cap = row.caps[entry.event];
      if (cap === undefined) continue;
      const left = cap - (taken.get(row.key)?.get(entry.event) ?? 0);
      const want = asked.get(`${entry.key}\n${entry.event}`) ?? 1;
      if (left < want) {
        return left <= 0
          ? `${entry.event} at ${entry.title} is full`
          : `only ${left} ${left === 1 ? "place is" : "places are"} left in ${entry.event} at ${entry.title}`;
      }
    }
  }
  return null;
}

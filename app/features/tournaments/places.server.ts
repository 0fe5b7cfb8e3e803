import { asc, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { tournamentSettings } from "~/db/schema/tournaments";
import { HOLDS_PLACE } from "./holds-place";

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
 * Who is asking for places (decision 0042): the cart, the email typed at checkout, and the client address
 * (IPv4, or the IPv6 /64) the checkout comes from. Unpaid places held by any of them count together.
 */
export type PlaceHolder = { cartId: string | null; email: string; clientAddress: string | null };

/**
 * The share of a capped event one holder may keep in unpaid checkouts: half of what it could have (the places left
 * plus its own unpaid ones), rounded up, at least one. The same rule as limited products' holds (decision 0028's
 * HOLD_SHARE, counted per holder as decision 0038 does): one visitor cannot take a capped event off the shop for
 * everyone; with 10 left one may hold 5, the next 3, and the last place is always one cart's to buy.
 */
export const PLACE_SHARE = 0.5;

/** The most unpaid places one holder may keep with `available` (places left + its own unpaid ones). */
export function placeShare(available: number): number {
  if (available <= 0) return 0;
  return Math.max(1, Math.ceil(available * PLACE_SHARE));
}

/** The unpaid places `holder` keeps per tournament and event, in open or processing checkouts. */
async function placesHeldBy(
  tx: Transaction,
  keys: readonly string[],
  holder: PlaceHolder,
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  const result = await tx.execute(sql`
    select o.tournament_key as key, o.event_type as event, count(*)::int as held
      from orders o join checkouts k on k.id = o.checkout_id
     where o.tournament_key in (${sql.join(
       keys.map((key) => sql`${key}`),
       sql`, `,
     )}) and o.status = 'pending' and ${HOLDS_PLACE} and k.status in ('open', 'processing')
       and ((${holder.cartId}::text is not null and k.cart_id = ${holder.cartId}::text)
            or lower(k.email) = lower(${holder.email})
            or (${holder.clientAddress}::text is not null and k.holder_address = ${holder.clientAddress}::text))
     group by o.tournament_key, o.event_type`);
  for (const row of (result as unknown as { rows: Array<{ key: string; event: string; held: number }> }).rows) {
    held.set(`${row.key}\n${row.event}`, Number(row.held));
  }
  return held;
}

/**
 * Inside the checkout's transaction, before its pending orders are written: the settings row of every capped
 * tournament among `wanted` is locked (in key order, so two carts never deadlock), then the places taken are
 * counted. The lock is held until the checkout commits its orders, so a second checkout for the same tournament
 * counts after the first has committed (or rolled back): a cap is never oversold, on any number of instances.
 * Under the same lock, the holder's own unpaid places are counted: one holder keeps at most its share
 * (`placeShare`) of a capped event unpaid. Returns the refusal for the first event with too few places left or
 * over the holder's share, or null.
 */
export async function holdPlaces(
  tx: Transaction,
  wanted: readonly PlaceRequest[],
  holder: PlaceHolder,
): Promise<string | null> {
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
  const cappedKeys = capped.map((row) => row.key);
  const taken = await takenPlaces(tx, cappedKeys);
  const heldByHolder = await placesHeldBy(tx, cappedKeys, holder);
  const asked = new Map<string, number>();
  for (const entry of wanted) {
    const id = `${entry.key}\n${entry.event}`;
    asked.set(id, (asked.get(id) ?? 0) + 1);
  }
  for (const row of capped) {
    for (const entry of wanted.filter((candidate) => candidate.key === row.key)) {
      const cap = row.caps[entry.event];
      if (cap === undefined) continue;
      const id = `${entry.key}\n${entry.event}`;
      const left = cap - (taken.get(row.key)?.get(entry.event) ?? 0);
      const want = asked.get(id) ?? 1;
      if (left < want) {
        return left <= 0
          ? `${entry.event} at ${entry.title} is full`
          : `only ${left} ${left === 1 ? "place is" : "places are"} left in ${entry.event} at ${entry.title}`;
      }
      const held = heldByHolder.get(id) ?? 0;
      const share = placeShare(left + held);
      if (held + want > share) {
        const places = (n: number) => `${n} ${n === 1 ? "place" : "places"}`;
        return held > 0
          ? `while places are limited, one buyer can hold at most ${places(share)} in ${entry.event} at ${entry.title} before paying, and ${held} ${held === 1 ? "is" : "are"} already on hold for you in unpaid checkouts`
          : `while places are limited, one order can hold at most ${places(share)} in ${entry.event} at ${entry.title} before paying`;
      }
    }
  }
  return null;
}

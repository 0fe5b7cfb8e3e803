// test-class: postgres (two transactions at once, one waiting on the other's lock; PGlite runs one at a time)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, orders, tournamentSettings } from "~/db/schema";
import type { Transaction } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { sessionsWaitingOnLocks } from "#tests/support/locks";
import { holdPlaces, type PlaceHolder } from "./places.server";

/**
 * Decision 0042: a holder's share of a capped event's places is counted under the tournament's lock, so a second
 * checkout from the same address that waited for the first one's commit sees its places. Counting before the lock
 * would let it through: 1 more is within half of the 4 left, rounded up.
 */
describe("the place share under checkouts at the same moment (PostgreSQL)", () => {
  let database: TestDatabase;
  const KEY = "2031-01-12|race-cup";
  const EVENT = "Lincoln-Douglas (LD)";
  const ADDRESS = "2001:db8:45::/64";
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insert(tournamentSettings)
      .values({ key: KEY, title: "Race Cup", date: "2031-01-12", caps: { [EVENT]: 4 } });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** What a checkout writes after holdPlaces let it through: an open checkout and its pending entries. */
  async function writeEntries(tx: Transaction, holder: PlaceHolder, count: number, token: string) {
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        kind: "shop",
        provider: "sandbox",
        email: holder.email,
        cartId: holder.cartId,
        holderAddress: holder.clientAddress,
        totalAmount: 2500 * count,
        publicTokenHash: token,
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    await tx.insert(orders).values(
      Array.from({ length: count }, (_, n) => ({
        itemName: "Entry",
        totalAmount: 2500,
        customerEmail: holder.email,
        status: "pending" as const,
        studentName: `Made Up ${token} ${n}`,
        eventType: EVENT,
        tournamentKey: KEY,
        checkoutId: checkout!.id,
      })),
    );
  }

  it("a second checkout from the same address waits for the first one's places and is refused", async () => {
    const first: PlaceHolder = { cartId: "race-cart-1", email: "first@example.com", clientAddress: ADDRESS };
    const second: PlaceHolder = { cartId: "race-cart-2", email: "second@example.com", clientAddress: ADDRESS };
    const wanted = (count: number) =>
      Array.from({ length: count }, () => ({ key: KEY, title: "Race Cup", event: EVENT }));

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const firstHeld = new Promise<void>((resolve) => (held = resolve));
    const one = database.db.transaction(async (tx) => {
      const refusal = await holdPlaces(tx, wanted(2), first);
      if (refusal === null) await writeEntries(tx, first, 2, "race-token-first");
      held();
      await gate; // not committed yet
      return refusal;
    });
    await firstHeld;
    const two = database.db.transaction(async (tx) => {
      const refusal = await holdPlaces(tx, wanted(1), second);
      if (refusal === null) await writeEntries(tx, second, 1, "race-token-second");
      return refusal;
    });
    // The second waits on the tournament's lock until the first commits.
    await expect.poll(() => sessionsWaitingOnLocks(database.db)).toBe(1);
    release();
    expect(await one).toBeNull();
    expect(await two).toBe(
      `while places are limited, one buyer can hold at most 2 places in ${EVENT} at Race Cup before paying, and 2 are already on hold for you in unpaid checkouts`,
    );
    // Another client gets one of the two places left.
    const other: PlaceHolder = { cartId: "race-cart-3", email: "family@example.com", clientAddress: "198.51.100.7" };
    expect(await database.db.transaction((tx) => holdPlaces(tx, wanted(1), other))).toBeNull();
  });
});

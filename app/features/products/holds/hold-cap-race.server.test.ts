// test-class: postgres (two transactions at once, one waiting on the other's lock; PGlite runs one at a time)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, products } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { sessionsWaitingOnLocks } from "#tests/support/locks";
import { reserveStock } from "./stock-reservations.server";

/**
 * Decision 0038: the hold cap is checked in the statement that takes the stock, after the product row's lock, so a
 * second checkout of one holder that waited for the first one's commit sees its hold. Reading the holds before the
 * lock (the statement's first snapshot) would let it through: 3 is within half of the 7 left, rounded up.
 */
describe("the hold cap under checkouts at the same moment (PostgreSQL)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("a second checkout from the same address waits for the first one's hold and is refused", async () => {
    const [pin] = await database.db
      .insert(products)
      .values({ name: "Race Pin", price: 500, displayOrder: 1, unlimitedStock: false, stockCount: 10 })
      .returning();
    const open = (email: string, token: string) =>
      database.db
        .insert(checkouts)
        .values({
          kind: "shop",
          provider: "sandbox",
          email,
          totalAmount: 1500,
          publicTokenHash: token,
          expiresAt: new Date(Date.now() + 3600_000),
        })
        .returning()
        .then(([row]) => ({ checkoutId: row!.id, email, clientAddress: "203.0.113.9" }));
    const first = await open("first.racer@example.com", "race-token-first-checkout");
    const second = await open("second.racer@example.com", "race-token-second-checkout");

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const firstHeld = new Promise<void>((resolve) => (held = resolve));
    const one = database.db.transaction(async (tx) => {
      const result = await reserveStock(tx, first, pin!.id, 3);
      held();
      await gate; // not committed yet
      return result;
    });
    await firstHeld;
    const two = database.db.transaction((tx) => reserveStock(tx, second, pin!.id, 3));
    // The second waits on the product row's lock until the first commits.
    await expect.poll(() => sessionsWaitingOnLocks(database.db)).toBe(1);
    release();
    expect(await one).toEqual({ ok: true });
    expect(await two).toEqual({ ok: false, why: "capped", cap: 5, held: 3 });
  });
});

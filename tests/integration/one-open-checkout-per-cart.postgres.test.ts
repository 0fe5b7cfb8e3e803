// test-class: postgres (row locks held by one transaction while another waits: PGlite runs one at a time)
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { testEnv } from "../support/testbed";
import { aCart, aProduct } from "#tests/support/rows";

/**
 * Decision 0024 on PostgreSQL: stock rows are locked in product-id order, whatever the cart's order, so two buyers
 * never deadlock (the rest of decisions 0022 and 0024, on both engines: one-open-checkout-per-cart.test.ts).
 */
let database: TestDatabase; // its own, with nothing in it but this test's rows

beforeAll(async () => {
  setEnvForTests(testEnv("one-open", { PUBLIC_URL: "https://citron.example" }));
  database = await createTestDatabase();
  setPaymentProviderForTests(undefined); // the sandbox
});
afterAll(async () => {
  setEnvForTests(undefined);
  await database?.destroy();
});

const product = (name: string, stock: number) => aProduct(database.db, { name, stock });
// The lines keep this order (the order their stock is read in).
const cart = (lines: Array<{ productId: string; quantity: number }>) => aCart(database.db, lines);

describe("one open checkout per cart", () => {
  it("reserves stock rows in product-id order, whatever the cart's order (PostgreSQL row locks)", async () => {
    const [low, high] = [await product("Low", 10), await product("High", 10)].sort((a, b) => (a.id < b.id ? -1 : 1));
    // The cart lists the higher id first; another transaction holds that row.
    const cartId = await cart([
      { productId: high!.id, quantity: 1 },
      { productId: low!.id, quantity: 1 },
    ]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const blocker = database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${high!.id} for update`);
      locked();
      await held;
    });
    await isLocked;
    const checkout = checkoutCart(database.db, { cartId, email: "order@example.com" });
    // Wait until the checkout is blocked on the held row.
    await vi.waitFor(
      async () => {
        const waiting = await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        expect((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBeGreaterThan(0);
      },
      { timeout: 2000, interval: 20 },
    );
    // In id order, the lower row was taken first: it is locked now. (In the cart's order it would be untouched.)
    const probe = await database.db
      .transaction(async (tx) => tx.execute(sql`select id from products where id = ${low!.id} for update nowait`))
      .then(
        () => "free",
        () => "locked",
      );
    release();
    await blocker;
    expect(await checkout).toMatchObject({ ok: true });
    expect(probe).toBe("locked");
  });
});

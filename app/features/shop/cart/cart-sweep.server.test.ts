import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logger } from "~/core/logger.server";
import { products } from "~/db/schema/catalogue";
import { cartLines, carts } from "~/db/schema/shop";
import { productsSeeder } from "~/features/products/demo-seed.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { pruneIdleCarts } from "./cart-sweep.server";
import { setLineQuantity } from "./cart-mutations.server";
import { loadCart } from "./cart-view.server";

const DAY = 24 * 60 * 60_000;

describe("idle cart sweep", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await productsSeeder.run(database.db, logger);
  });
  afterAll(() => database.destroy());

  it("deletes carts idle past their cookie's 30 days (and a day's grace) with their lines, and keeps the rest", async () => {
    const { db } = database;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.unlimitedStock, true))
      .limit(1);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await db.insert(carts).values([
      { id: "gone", updatedAt: ago(40), createdAt: ago(60) },
      { id: "just-gone", updatedAt: ago(31.1), createdAt: ago(31.1) },
      { id: "cookie-ended-yesterday", updatedAt: ago(30.9), createdAt: ago(45) },
      { id: "this-week", updatedAt: ago(3), createdAt: ago(50) },
    ]);
    const lines = await db
      .insert(cartLines)
      .values(
        ["gone", "cookie-ended-yesterday", "this-week"].map((cartId) => ({
          cartId,
          productId: product!.id,
          quantity: 2,
        })),
      )
      .returning({ id: cartLines.id, cartId: cartLines.cartId });

    expect(await pruneIdleCarts(db, now)).toBe(2);
    expect((await db.select({ id: carts.id }).from(carts)).map((row) => row.id).sort()).toEqual([
      "cookie-ended-yesterday",
      "this-week",
    ]);
    expect((await db.select({ cartId: cartLines.cartId }).from(cartLines)).map((row) => row.cartId).sort()).toEqual([
      "cookie-ended-yesterday",
      "this-week",
    ]);
    // Nothing more to do the second time (every instance runs the sweep).
    expect(await pruneIdleCarts(db, now)).toBe(0);

    // A change renews the cart (as it renews the cookie): a later sweep keeps it.
    const renewed = lines.find((line) => line.cartId === "cookie-ended-yesterday")!;
    await setLineQuantity(db, "cookie-ended-yesterday", renewed.id, 3);
    expect(await pruneIdleCarts(db, new Date(now.getTime() + 2 * DAY))).toBe(0);
    expect((await loadCart(db, "cookie-ended-yesterday"))?.lines.map((line) => line.quantity)).toEqual([3]);
  });
});

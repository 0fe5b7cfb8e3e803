import { readdirSync, readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import {
  cartLines,
  carts,
  checkouts,
  emailOutbox,
  orders,
  paymentsNeedingAttention,
  products,
  stockReservations,
} from "~/db/schema";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { migrationsFolder } from "~/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { testEnv } from "../support/testbed";
import { aCart, aProduct } from "#tests/support/rows";

/**
 * Decisions 0022 and 0024: one open checkout per cart, enforced by the database, and
 * stock reserved in product-id order so two buyers never deadlock. On
 * PostgreSQL (TEST_DATABASE_URL) the posts really run at once on a pool of
 * connections; on PGlite they take turns, and the same rules must hold.
 */
let database: TestDatabase;

beforeAll(async () => {
  setEnvForTests(testEnv("one-open", { PUBLIC_URL: "https://citron.example" }));
  database = await createTestDatabase();
  setPaymentProviderForTests(undefined); // the sandbox
});
afterAll(async () => {
  setEnvForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  const db = database.db;
  await db.delete(paymentsNeedingAttention);
  await db.delete(emailOutbox);
  await db.delete(stockReservations);
  await db.delete(orders);
  await db.delete(checkouts);
  await db.delete(cartLines);
  await db.delete(carts);
  await db.delete(products);
});

const product = (name: string, stock: number) => aProduct(database.db, { name, stock });
// The lines keep this order (the order their stock is read in).
const cart = (lines: Array<{ productId: string; quantity: number }>) => aCart(database.db, lines);

const stockOf = async (id: string) =>
  (await database.db.query.products.findFirst({ where: eq(products.id, id) }))!.stockCount;

describe("one open checkout per cart", () => {
  it("the database refuses a second open checkout of one cart", async () => {
    const cartId = await cart([]);
    const row = {
      kind: "shop" as const,
      provider: "sandbox" as const,
      cartId,
      email: "a@example.com",
      totalAmount: 100,
      expiresAt: new Date(Date.now() + 60_000),
    };
    await database.db.insert(checkouts).values({ ...row, publicTokenHash: "token-1" });
    const error = await database.db
      .insert(checkouts)
      .values({ ...row, publicTokenHash: "token-2" })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/checkouts_open_cart_id_key|duplicate key/);
    // A closed one of the same cart is allowed beside it.
    await database.db.insert(checkouts).values({ ...row, status: "failed", publicTokenHash: "token-3" });
    expect(await database.db.$count(checkouts, and(eq(checkouts.cartId, cartId), eq(checkouts.status, "open")))).toBe(
      1,
    );
  });

  it("eight Proceed to Checkout posts of one cart at the same moment: one open checkout, the stock held once, no errors", async () => {
    const tote = await product("Lectern Tote Bag", 5);
    const cartId = await cart([{ productId: tote.id, quantity: 2 }]);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => checkoutCart(database.db, { cartId, email: "buyer@example.com" })),
    );
    // The cart row's lock makes them take turns: each gets a payment page (the last one stands), none a 409 or 500.
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(await database.db.$count(checkouts, and(eq(checkouts.cartId, cartId), eq(checkouts.status, "open")))).toBe(
      1,
    );
    expect(await stockOf(tote.id)).toBe(3);
    const held = await database.db
      .select({ total: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
      .from(stockReservations);
    expect(held[0]!.total).toBe(2);
    expect(await database.db.$count(orders, eq(orders.status, "pending"))).toBe(1);
  });

  it("carts holding the same products in opposite orders check out at once without a deadlock", async () => {
    const pens = await product("Pen", 100);
    const pins = await product("Pin", 100);
    const mugs = await product("Mug", 100);
    const carts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        cart(
          i % 2 === 0
            ? [
                { productId: pens.id, quantity: 1 },
                { productId: pins.id, quantity: 1 },
                { productId: mugs.id, quantity: 1 },
              ]
            : [
                { productId: mugs.id, quantity: 1 },
                { productId: pins.id, quantity: 1 },
                { productId: pens.id, quantity: 1 },
              ],
        ),
      ),
    );
    const results = await Promise.all(
      carts.map((cartId, i) => checkoutCart(database.db, { cartId, email: `b${i}@example.com` })),
    );
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect([await stockOf(pens.id), await stockOf(pins.id), await stockOf(mugs.id)]).toEqual([88, 88, 88]);
  }, 30_000);

  it("the migration before the unique index closes all but the newest open checkout of a cart and gives their stock back", async () => {
    const tote = await product("Lectern Tote Bag", 5);
    const cartId = await cart([{ productId: tote.id, quantity: 1 }]);
    // The state the race left behind: two open checkouts of one cart, each holding stock (5 - 2 = 3 left).
    await database.db.execute(sql`drop index checkouts_open_cart_id_key`);
    const open = async (minutesAgo: number, token: string) => {
      const [row] = await database.db
        .insert(checkouts)
        .values({
          kind: "shop",
          provider: "sandbox",
          cartId,
          email: "a@example.com",
          totalAmount: 1000,
          publicTokenHash: token,
          expiresAt: new Date(Date.now() + 60_000),
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning();
      await database.db.insert(orders).values({
        checkoutId: row!.id,
        status: "pending",
        itemName: "Lectern Tote Bag",
        itemQuantity: 1,
        totalAmount: 1000,
        customerEmail: "a@example.com",
        productId: tote.id,
      });
      await database.db.insert(stockReservations).values({ checkoutId: row!.id, productId: tote.id, quantity: 1 });
      return row!.id;
    };
    const older = await open(5, "older");
    const newer = await open(1, "newer");
    await database.db.update(products).set({ stockCount: 3 }).where(eq(products.id, tote.id));
    // Found by name, not number (numbers change when branches merge).
    const file = (suffix: string) =>
      readFileSync(
        `${migrationsFolder}/${readdirSync(migrationsFolder).find((name) => name.endsWith(suffix))!}`,
        "utf8",
      );
    const migration = file("_one-open-checkout-per-cart-cleanup.sql");
    const index = file("_checkouts-one-open-per-cart.sql").split("--> statement-breakpoint").at(-1)!;
    await database.db.transaction(async (tx) => {
      for (const statement of [...migration.split("--> statement-breakpoint"), index])
        await tx.execute(sql.raw(statement));
    });
    const rows = await database.db
      .select({ id: checkouts.id, status: checkouts.status, reason: checkouts.failureReason })
      .from(checkouts);
    expect(rows.sort((a, b) => (a.id === newer ? -1 : b.id === newer ? 1 : 0))).toEqual([
      { id: newer, status: "open", reason: null },
      { id: older, status: "failed", reason: "replaced" },
    ]);
    expect(await stockOf(tote.id)).toBe(4);
    expect(await database.db.$count(stockReservations)).toBe(1);
    expect(await database.db.$count(orders, eq(orders.status, "failed"))).toBe(1);
  });
});

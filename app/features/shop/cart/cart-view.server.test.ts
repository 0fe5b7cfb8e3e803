import { and, asc, eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema, type Database } from "~/db/client.server";
import { cartLines, carts, checkouts, products, stockReservations } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { cartItemCount, cartItemCounts, lineProblem, loadCart, loadCarts, type CartView } from "./cart-view.server";
import { aProduct } from "#tests/support/rows";

// loadCart reads a cart in one statement (decision 0030: /fees reads it for every cart visitor). These tests hold it
// to the view the earlier three queries gave (the cart, its lines with their products, the stock its own open
// checkout holds), kept here as the reference, on every case that changes a line.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  const db = database.db;
  await db.delete(stockReservations);
  await db.delete(checkouts);
  await db.delete(cartLines);
  await db.delete(carts);
  await db.delete(products);
});

/** The earlier loadCart, query by query. */
async function referenceCart(db: Database, cartId: string): Promise<CartView | null> {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart) return null;
  const rows = await db
    .select({ line: cartLines, product: products })
    .from(cartLines)
    .leftJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  const heldRows = await db
    .select({ productId: stockReservations.productId, quantity: sql<number>`sum(${stockReservations.quantity})::int` })
    .from(stockReservations)
    .innerJoin(checkouts, eq(checkouts.id, stockReservations.checkoutId))
    .where(and(eq(checkouts.cartId, cartId), eq(checkouts.status, "open")))
    .groupBy(stockReservations.productId);
  const held = new Map(heldRows.map((row) => [row.productId, Number(row.quantity)]));
  const perProduct = new Map<string, number>();
  for (const { line } of rows)
    if (line.productId) perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  const lines = rows.map(({ line, product: listed }) => {
    const mine = listed ? held.get(listed.id) : undefined;
    const product =
      listed && mine && listed.stockCount !== null ? { ...listed, stockCount: listed.stockCount + mine } : listed;
    const problem = lineProblem(product, line.productId ? (perProduct.get(line.productId) ?? 0) : 0);
    return {
      id: line.id,
      productId: line.productId,
      quantity: line.quantity,
      registration: line.registration ?? null,
      product: product
        ? {
            id: product.id,
            name: product.name,
            description: product.description,
            price: product.price,
            imageUrl: product.imageUrl,
            isActive: product.isActive,
            unlimitedStock: product.unlimitedStock,
            stockCount: product.stockCount,
          }
        : null,
      problem,
      lineTotal: product && problem === null ? product.price * line.quantity : 0,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  return {
    id: cart.id,
    email: cart.email,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    total: subtotal,
    hasProblems: lines.some((line) => line.problem !== null),
  };
}

const product = (values: Parameters<typeof aProduct>[1]) => aProduct(database.db, values);

let clock = Date.parse("2026-11-01T10:00:00Z");
async function line(
  cartId: string,
  productId: string | null,
  quantity = 1,
  registration: Record<string, string> | null = null,
) {
  // Distinct, increasing times: the lines' order is their age.
  clock += 1000;
  await database.db.insert(cartLines).values({ cartId, productId, quantity, registration, createdAt: new Date(clock) });
}

async function hold(cartId: string, status: "open" | "failed", held: Array<[string, number]>) {
  const [checkout] = await database.db
    .insert(checkouts)
    .values({
      kind: "shop",
      status,
      provider: "sandbox",
      cartId,
      email: "p@example.com",
      totalAmount: 1000,
      publicTokenHash: `token-${Math.random()}`,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning();
  for (const [productId, quantity] of held)
    await database.db.insert(stockReservations).values({ checkoutId: checkout!.id, productId, quantity });
}

/** A drizzle instance on the same database that counts the statements it sends. */
function countingDb(): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db = (database.kind === "pglite"
    ? drizzlePglite({ client: client as PGlite, schema, logger })
    : drizzlePg({ client: client as pg.Pool, schema, logger })) as unknown as Database;
  return { db, statements };
}

describe("loadCart: one statement", () => {
  it("gives the view the three queries gave: order, deleted, inactive and sold-out products, held stock, registrations", async () => {
    const entry = await product({
      name: "Citron Tournament Entry Fee",
      price: 2500,
      description: "Per student",
      imageUrl: "/images/entry.webp",
    });
    const tote = await product({ name: "Lectern Tote Bag", price: 1800, stock: 1 });
    const shirt = await product({ name: "Citron Team T-Shirt", price: 2000, stock: 0 });
    const beanie = await product({ name: "Winter Beanie", price: 1500, stock: 10, isActive: false });
    const zip = await product({ name: "District Quarter-Zip", price: 4500, stock: 3 });
    const gone = await product({ name: "Deleted later", price: 100 });
    const hostile = `</script><script>alert("x")</script>\u2028 é 😀 \\ "quoted"`;

    await database.db
      .insert(carts)
      .values([{ id: "mine", email: "parent@example.org" }, { id: "theirs" }, { id: "empty" }]);
    await line("mine", zip.id, 2);
    await line("mine", entry.id, 1, {
      studentName: hostile,
      studentSchool: "Frisch",
      tournament: "Winter Open",
      tournamentDate: "2026-12-06",
    });
    await line("mine", tote.id, 3);
    await line("mine", shirt.id, 1);
    await line("mine", beanie.id, 1);
    await line("mine", gone.id, 4);
    await line("mine", entry.id, 1, { studentName: "Ana Li" });
    await database.db.delete(products).where(eq(products.id, gone.id));
    // Its own open checkout holds one tote and one zip: they count as the cart's (the tote: 2 of the 3 wanted). A failed
    // checkout's hold and another cart's do not.
    await hold("mine", "open", [
      [tote.id, 1],
      [zip.id, 1],
    ]);
    await hold("mine", "failed", [[shirt.id, 5]]);
    await line("theirs", tote.id, 1);
    await hold("theirs", "open", [[zip.id, 2]]);

    for (const cartId of ["mine", "theirs", "empty", "unknown"]) {
      expect(await loadCart(database.db, cartId)).toEqual(await referenceCart(database.db, cartId));
    }
    const mine = (await loadCart(database.db, "mine"))!;
    expect(mine.lines.map((row) => [row.product?.name ?? null, row.problem, row.lineTotal])).toEqual([
      ["District Quarter-Zip", null, 9000],
      ["Citron Tournament Entry Fee", null, 2500],
      ["Lectern Tote Bag", "over-stock", 0],
      ["Citron Team T-Shirt", "sold-out", 0],
      ["Winter Beanie", "unavailable", 0],
      [null, "unavailable", 0],
      ["Citron Tournament Entry Fee", null, 2500],
    ]);
    expect(mine.lines[0]!.product!.stockCount).toBe(4);
    expect(mine.lines[1]!.registration!.studentName).toBe(hostile);
    expect(mine).toMatchObject({
      email: "parent@example.org",
      itemCount: 13,
      subtotal: 14000,
      total: 14000,
      hasProblems: true,
    });
    expect(await loadCart(database.db, "empty")).toEqual({
      id: "empty",
      email: null,
      lines: [],
      itemCount: 0,
      subtotal: 0,
      total: 0,
      hasProblems: false,
    });
    expect(await loadCart(database.db, "unknown")).toBeNull();
    expect(await cartItemCount(database.db, "mine")).toBe(13);
    expect(await cartItemCount(database.db, "unknown")).toBe(0);

    // Several carts in one statement: each id gets its own cart, an unknown id none.
    const many = await loadCarts(database.db, ["theirs", "unknown", "mine", "empty", "mine"]);
    expect([...many.keys()].sort()).toEqual(["empty", "mine", "theirs"]);
    for (const cartId of ["mine", "theirs", "empty"])
      expect(many.get(cartId)).toEqual(await referenceCart(database.db, cartId));
    expect(await cartItemCounts(database.db, ["mine", "theirs", "empty", "unknown"])).toEqual(
      new Map([
        ["mine", 13],
        ["theirs", 1],
      ]),
    );
  });

  it("sends one statement per read, and a transaction reads its own writes", async () => {
    const zip = await product({ name: "District Quarter-Zip", price: 4500, stock: 3 });
    await database.db.insert(carts).values({ id: "mine" });
    await line("mine", zip.id, 1);
    await hold("mine", "open", [[zip.id, 1]]);
    const { db, statements } = countingDb();
    expect((await loadCart(db, "mine"))!.lines[0]!.product!.stockCount).toBe(4);
    expect((await loadCart(db, "mine"))!.itemCount).toBe(1);
    expect(await cartItemCount(db, "mine")).toBe(1);
    await loadCarts(db, ["mine", "other", "another"]);
    await cartItemCounts(db, ["mine", "other"]);
    expect(statements).toHaveLength(5);

    await database.db.transaction(async (tx) => {
      await tx.update(cartLines).set({ quantity: 2 }).where(eq(cartLines.cartId, "mine"));
      expect((await loadCart(tx, "mine"))!.itemCount).toBe(2);
    });
  });
});

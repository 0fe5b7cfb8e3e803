import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { checkouts, products, stockReservations } from "~/db/schema";
import { publishProductChanges } from "./feed.server";

/**
 * Every statement on stock_reservations, in one place. A checkout that takes limited stock writes a row per
 * product it holds (decision 0016); the row goes when the stock is given back (the checkout failed, expired or
 * was released) or sold (the checkout was paid). The cart counts its own open checkout's rows as stock it may
 * still buy, and Manage Products lists the rows as holds.
 */

/**
 * Takes `quantity` from a limited product in one conditional statement, so
 * two buyers (on any number of instances) can never both get the last item.
 * Unlimited products pass untouched. Returns false when not enough is left.
 */
export async function reserveStock(tx: Transaction, checkoutId: string, productId: string, quantity: number) {
  const [row] = await tx
    .update(products)
    .set({
      stockCount: sql`case when ${products.unlimitedStock} then null else ${products.stockCount} - ${quantity} end`,
    })
    .where(and(eq(products.id, productId), sql`(${products.unlimitedStock} or ${products.stockCount} >= ${quantity})`))
    .returning({ unlimited: products.unlimitedStock });
  if (!row) return false;
  if (!row.unlimited) {
    // Open shop pages show the new stock (sent on commit).
    await publishProductChanges(tx, [{ op: "update", id: productId }]);
    await tx
      .insert(stockReservations)
      .values({ checkoutId, productId, quantity })
      .onConflictDoUpdate({
        target: [stockReservations.checkoutId, stockReservations.productId],
        set: { quantity: sql`${stockReservations.quantity} + ${quantity}` },
      });
  }
  return true;
}

/** Gives a checkout's reserved stock back, exactly once (the rows are deleted as they are returned). */
export async function releaseStock(tx: Transaction, checkoutIds: string[]) {
  if (checkoutIds.length === 0) return [];
  const released = await tx
    .delete(stockReservations)
    .where(inArray(stockReservations.checkoutId, checkoutIds))
    .returning({ productId: stockReservations.productId, quantity: stockReservations.quantity });
  for (const { productId, quantity } of released) {
    await tx
      .update(products)
      .set({ stockCount: sql`${products.stockCount} + ${quantity}` })
      .where(and(eq(products.id, productId), sql`${products.stockCount} is not null`));
  }
  await publishProductChanges(
    tx,
    [...new Set(released.map((row) => row.productId))].map((id) => ({ op: "update" as const, id })),
  );
  return released;
}

/** A paid checkout's stock is sold: its reservation rows go, the stock stays taken. */
export async function settleReservations(tx: Transaction, checkoutId: string) {
  await tx.delete(stockReservations).where(eq(stockReservations.checkoutId, checkoutId));
}

/** What one checkout holds, product by product. */
export async function reservationsOf(tx: Transaction, checkoutId: string) {
  return tx
    .select({ productId: stockReservations.productId, quantity: stockReservations.quantity })
    .from(stockReservations)
    .where(eq(stockReservations.checkoutId, checkoutId));
}

/** Every hold of an open or processing checkout with its product's name, the ones ending first on top (at most 200). */
export async function listReservations(db: Database) {
  return db
    .select({
      checkoutId: checkouts.id,
      status: checkouts.status,
      productName: products.name,
      quantity: stockReservations.quantity,
      email: checkouts.email,
      createdAt: checkouts.createdAt,
      expiresAt: checkouts.expiresAt,
    })
    .from(stockReservations)
    .innerJoin(checkouts, eq(checkouts.id, stockReservations.checkoutId))
    .innerJoin(products, eq(products.id, stockReservations.productId))
    .where(inArray(checkouts.status, ["open", "processing"]))
    .orderBy(asc(checkouts.expiresAt), asc(products.name))
    .limit(200);
}

/**
 * Stock the cart's own open checkout holds, per product. It stays the cart's to
 * buy (Proceed to Checkout offers that checkout again, or replaces it and gives
 * the stock back first), so the cart counts it as available: a buyer who left
 * the payment page never sees their own items as sold out.
 */
export async function stockHeldByCart(db: Database | Transaction, cartId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: stockReservations.productId, quantity: sql<number>`sum(${stockReservations.quantity})::int` })
    .from(stockReservations)
    .innerJoin(checkouts, eq(checkouts.id, stockReservations.checkoutId))
    .where(and(eq(checkouts.cartId, cartId), eq(checkouts.status, "open")))
    .groupBy(stockReservations.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.quantity)]));
}

/**
 * stockHeldByCart as a column of a larger select: a json object of product id to quantity ('{}' when the cart
 * holds nothing), for the cart whose id is `cartId` (an outer query's column).
 */
export function stockHeldByCartJson(cartId: SQL): SQL<unknown> {
  return sql<unknown>`coalesce((
        select json_object_agg(held.product_id, held.quantity) from (
          select r.product_id, sum(r.quantity)::int as quantity
          from ${stockReservations} r join ${checkouts} k on k.id = r.checkout_id
          where k.cart_id = ${cartId} and k.status = 'open'
          group by r.product_id
        ) held
      ), '{}'::json)`;
}

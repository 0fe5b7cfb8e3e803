import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { checkouts, products, stockReservations } from "~/db/schema";
import { HOLD_SHARE, holdCap } from "./hold-cap";
import { publishProductChanges } from "../feed/feed.server";

/**
 * Every statement on stock_reservations, in one place. A checkout that takes limited stock writes a row per
 * product it holds (decision 0016); the row goes when the stock is given back (the checkout failed, expired or
 * was released) or sold (the checkout was paid). The cart counts its own open checkout's rows as stock it may
 * still buy, and Manage Products lists the rows as holds.
 */

/** Who holds a checkout's stock: the checkout, its email and the client address that started it (decision 0038). */
export type StockHolder = { checkoutId: string; email: string; clientAddress: string | null };

/**
 * The units of a product held by open or processing checkouts of one holder: the checkout itself, any checkout
 * with the same email, or any hold started from the same client address.
 */
function heldBy(holder: StockHolder, productId: string): SQL<number> {
  return sql<number>`(select coalesce(sum(r.quantity), 0)::int
      from ${stockReservations} r join ${checkouts} k on k.id = r.checkout_id
     where r.product_id = ${productId} and k.status in ('open', 'processing')
       and (k.id = ${holder.checkoutId} or lower(k.email) = lower(${holder.email})
            or (${holder.clientAddress}::text is not null and r.holder_address = ${holder.clientAddress}::text)))`;
}

/**
 * Takes `quantity` from a limited product in one conditional statement, so two buyers (on any number of
 * instances) can never both get the last item, and one holder (a cart, an email, a client address: decision
 * 0038) never holds more than the cap, half of what it could have (stock left plus its own holds), rounded up.
 * The product row is locked first, so the statement's own reading of the holds sees every hold committed
 * before it. Unlimited products pass untouched. Says why when refused: not enough left, or over the cap.
 */
export async function reserveStock(
  tx: Transaction,
  holder: StockHolder,
  productId: string,
  quantity: number,
): Promise<{ ok: true } | { ok: false; why: "short" } | { ok: false; why: "capped"; cap: number; held: number }> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  const held = heldBy(holder, productId);
  const [row] = await tx
    .update(products)
    .set({
      stockCount: sql`case when ${products.unlimitedStock} then null else ${products.stockCount} - ${quantity} end`,
    })
    .where(
      and(
        eq(products.id, productId),
        sql`(${products.unlimitedStock} or (${products.stockCount} >= ${quantity}
          and ${held} + ${quantity} <= greatest(1, ceil((${products.stockCount} + ${held}) * ${HOLD_SHARE}::numeric))))`,
      ),
    )
    .returning({ unlimited: products.unlimitedStock });
  if (!row) {
    const [now] = await tx
      .select({ stock: products.stockCount, held })
      .from(products)
      .where(eq(products.id, productId));
    if (!now || now.stock === null || now.stock < quantity) return { ok: false, why: "short" };
    return { ok: false, why: "capped", cap: holdCap(now.stock + Number(now.held)), held: Number(now.held) };
  }
  if (!row.unlimited) {
    // Open shop pages show the new stock (sent on commit).
    await publishProductChanges(tx, [{ op: "update", id: productId }]);
    await tx
      .insert(stockReservations)
      .values({ checkoutId: holder.checkoutId, productId, quantity, holderAddress: holder.clientAddress })
      .onConflictDoUpdate({
        target: [stockReservations.checkoutId, stockReservations.productId],
        set: { quantity: sql`${stockReservations.quantity} + ${quantity}` },
      });
  }
  return { ok: true };
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

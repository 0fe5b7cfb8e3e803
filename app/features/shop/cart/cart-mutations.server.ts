import { and, eq, ne, sql } from "drizzle-orm";
import { isUuid } from "~/core/uuid";
import type { Database, Transaction } from "~/db/client.server";
import { products, type Product } from "~/db/schema/catalogue";
import { cartLines, carts } from "~/db/schema/shop";
import { stockHeldByCart } from "~/features/products/holds/stock-reservations.server";
import { registrationKindOf } from "~/features/products/registration-products";
import { cartLimits } from "./cart-limits";
import { CartError, cartMessages } from "./cart-messages";
import { withHeldStock } from "./cart-view.server";
import { holdCapProblem } from "~/features/products/holds/hold-cap";
import type { RegistrationData } from "~/db/registration-data";
import { sameStudentRefusal } from "~/features/tournaments/same-student/same-student.server";

/**
 * What a visitor does to a cart: add a product, change a line's quantity, remove a line. Each checks the
 * catalogue and the cart's limits under a lock on the cart row, and refuses with a CartError.
 */

/** An active product by id, or a CartError: unknown, malformed and inactive ids are all "not available". */
async function sellableProduct(tx: Transaction, productId: string): Promise<Product> {
  if (!isUuid(productId)) throw new CartError(cartMessages.unavailable, 404);
  const [product] = await tx.select().from(products).where(eq(products.id, productId));
  if (!product || !product.isActive) throw new CartError(cartMessages.unavailable, 404);
  return product;
}

async function quantityInCart(tx: Transaction, cartId: string, productId: string, exceptLineId?: string) {
  const [row] = await tx
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.cartId, cartId),
        eq(cartLines.productId, productId),
        exceptLineId ? ne(cartLines.id, exceptLineId) : undefined,
      ),
    );
  return Number(row?.count ?? 0);
}

function checkStock(product: Product, wanted: number) {
  if (product.unlimitedStock || product.stockCount === null) return;
  if (wanted > product.stockCount) {
    throw new CartError(cartMessages.stockLeft(product.name, product.stockCount), 409);
  }
  const capped = holdCapProblem(product, wanted);
  if (capped) throw new CartError(capped, 409);
}

/** Locks the cart row (creating it if needed), so two tabs cannot race past the limits. */
async function lockCart(tx: Transaction, cartId: string) {
  await tx.insert(carts).values({ id: cartId }).onConflictDoNothing();
  await tx.execute(sql`select id from ${carts} where id = ${cartId} for update`);
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/**
 * Adds one line with quantity 1. A registration product must come with its
 * (already validated) details; every other product comes without. Each
 * registration is its own line, always of quantity 1 (docs/product.md#shop-and-cart: one entry is one
 * entry), and a student already entered in the same event of the same tournament,
 * in this cart or in an order, is refused, naming that entry; a plain product
 * already in the cart gets its quantity raised instead.
 */
export async function addToCart(
  db: Database,
  cartId: string,
  input: { productId: string; registration: RegistrationData | null },
): Promise<{ product: Product }> {
  return db.transaction(async (tx) => {
    const product = withHeldStock(await sellableProduct(tx, input.productId), await stockHeldByCart(tx, cartId));
    const kind = registrationKindOf(product);
    if (kind && !input.registration) throw new CartError(cartMessages.registrationNeeded, 400);
    await lockCart(tx, cartId);
    const inCart = await quantityInCart(tx, cartId, product.id);
    if (!product.unlimitedStock && (product.stockCount ?? 0) <= 0) {
      throw new CartError(cartMessages.soldOut(product.name), 409);
    }
    checkStock(product, inCart + 1);

    if (kind && input.registration) {
      const earlier = await tx
        .select({ registration: cartLines.registration })
        .from(cartLines)
        .where(eq(cartLines.cartId, cartId))
        .orderBy(cartLines.createdAt, cartLines.id);
      const refusal = await sameStudentRefusal(tx, [input.registration], {
        cartId,
        inCart: earlier.map((line) => line.registration),
      });
      if (refusal) throw new CartError(refusal, 409);
    }
    if (!kind) {
      const [existing] = await tx
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, product.id)))
        .limit(1);
      if (existing) {
        if (existing.quantity + 1 > cartLimits.quantity) throw new CartError(cartMessages.quantityTooHigh, 400);
        await tx
          .update(cartLines)
          .set({ quantity: existing.quantity + 1 })
          .where(eq(cartLines.id, existing.id));
        return { product };
      }
    }
    const lines = await tx.$count(cartLines, eq(cartLines.cartId, cartId));
    if (lines >= cartLimits.lines) throw new CartError(cartMessages.tooManyLines, 409);
    await tx.insert(cartLines).values({
      cartId,
      productId: product.id,
      quantity: 1,
      registration: kind ? input.registration : null,
    });
    return { product };
  });
}

/**
 * Sets a line's quantity; 0 or less removes the line (docs/product.md#4-states-and-transitions).
 * Returns whether the line was removed.
 */
export async function setLineQuantity(
  db: Database,
  cartId: string,
  lineId: string,
  quantity: number,
): Promise<{ removed: boolean }> {
  if (!Number.isInteger(quantity)) throw new CartError(cartMessages.quantityInvalid, 400);
  if (!isUuid(lineId)) throw new CartError(cartMessages.lineMissing, 404);
  if (quantity <= 0) {
    await removeLine(db, cartId, lineId);
    return { removed: true };
  }
  if (quantity > cartLimits.quantity) throw new CartError(cartMessages.quantityTooHigh, 400);
  return db.transaction(async (tx) => {
    await lockCart(tx, cartId);
    const [line] = await tx
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
    if (!line) throw new CartError(cartMessages.lineMissing, 404);
    // A registration names one student (or school): a second one is a line of its own, with its own details.
    if (line.registration && quantity !== 1) throw new CartError(cartMessages.oneEntry, 400);
    if (quantity > line.quantity) {
      // Lowering is always allowed (it is how a flagged line is fixed); raising needs the product and its stock.
      if (!line.productId) throw new CartError(cartMessages.unavailable, 409);
      const listed = await sellableProduct(tx, line.productId).catch(() => {
        throw new CartError(cartMessages.unavailable, 409);
      });
      const product = withHeldStock(listed, await stockHeldByCart(tx, cartId));
      checkStock(product, (await quantityInCart(tx, cartId, product.id, line.id)) + quantity);
    }
    await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, line.id));
    return { removed: false };
  });
}

/** Removes a line; removing one that is already gone is fine (a double click, another tab). */
export async function removeLine(db: Database, cartId: string, lineId: string): Promise<void> {
  if (!isUuid(lineId)) return;
  await db.delete(cartLines).where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { env } from "~/core/env.server";
import type { Database, Transaction } from "~/db/client.server";
import { cartLines, carts } from "~/db/schema/shop";
import { products, type Product } from "~/db/schema/catalogue";
import { checkouts, stockReservations } from "~/db/schema/payments";
import { registrationKindOf } from "~/features/products/registration-products";
import { CART_COOKIE } from "./cart-cookie";
import { holdCapProblem } from "./hold-cap";
import type { RegistrationData } from "./registration-data";

/** A hostile client cannot grow a cart past these (the limits). */
export const cartLimits = {
  lines: 50,
  quantity: 99,
} as const;

/** How long a cart lives after its last change (its cookie; the idle-cart sweep). */
export const CART_DAYS = 30;
/** 32 random bytes, base64url: the only shape a cart id can have. */
const CART_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The cart cookie: HttpOnly, SameSite=Lax, Secure on https, 30 days (renewed on every change). */
export function cartCookie() {
  cookie ??= createCookie(CART_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().PUBLIC_URL.startsWith("https://"),
    maxAge: CART_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

/** For tests: forget the cookie (its Secure flag follows PUBLIC_URL). */
export function resetCartCookieForTests() {
  cookie = undefined;
}

/**
 * The cart id a request carries, or null. No database read: pages without a
 * cart cookie cost nothing. (For the checkout: it locks the cart itself.)
 */
export function readCartId(request: Request): Promise<string | null> {
  return readCartIdFromCookies(request.headers.get("Cookie"));
}

/** readCartId for a Cookie header as it came (the page cache reads it before any Request exists). */
export async function readCartIdFromCookies(header: string | null | undefined): Promise<string | null> {
  if (!header || !header.includes(`${CART_COOKIE}=`)) return null;
  const value: unknown = await cartCookie().parse(header);
  return typeof value === "string" && CART_ID_PATTERN.test(value) ? value : null;
}

export function newCartId(): string {
  return randomBytes(32).toString("base64url");
}

/** The Set-Cookie header that (re)sets the cart cookie for another 30 days. */
export function cartCookieHeader(cartId: string): Promise<string> {
  return cartCookie().serialize(cartId);
}

/** Why a line cannot be bought as it stands; null when it can. */
export type LineProblem = "unavailable" | "sold-out" | "over-stock";

export type CartLineView = {
  id: string;
  productId: string | null;
  quantity: number;
  registration: RegistrationData | null;
  /** From the catalogue; null when the product was deleted. */
  product: {
    id: string;
    name: string;
    description: string | null;
    /** Cents. */
    price: number;
    imageUrl: string | null;
    isActive: boolean;
    unlimitedStock: boolean;
    stockCount: number | null;
  } | null;
  problem: LineProblem | null;
  /** Cents; 0 for a line that cannot be bought. */
  lineTotal: number;
};

export type CartView = {
  id: string;
  email: string | null;
  lines: CartLineView[];
  /** Sum of quantities (the header badge). */
  itemCount: number;
  /** Cents, from the catalogue's prices, lines with a problem left out. */
  subtotal: number;
  total: number;
  /** Whether any line is flagged (unavailable, sold out, over the stock left). */
  hasProblems: boolean;
};

/** Flags a line against the catalogue as it is now. */
export function lineProblem(
  product: Pick<Product, "isActive" | "unlimitedStock" | "stockCount"> | null,
  quantityOfProductInCart: number,
): LineProblem | null {
  if (!product || !product.isActive) return "unavailable";
  if (product.unlimitedStock || product.stockCount === null) return null;
  if (product.stockCount <= 0) return "sold-out";
  if (quantityOfProductInCart > product.stockCount) return "over-stock";
  return null;
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

/** The product with the stock this cart may count on: what is left plus what its own checkout holds. */
function withHeldStock<T extends Pick<Product, "id" | "stockCount">>(product: T, held: Map<string, number>): T {
  const mine = held.get(product.id);
  return mine && product.stockCount !== null ? { ...product, stockCount: product.stockCount + mine } : product;
}

/** A line as the cart's one statement gives it (json_build_object's keys: the columns, in camelCase). */
type CartLineRow = {
  id: string;
  productId: string | null;
  quantity: number;
  registration: RegistrationData | null;
  product: NonNullable<CartLineView["product"]> | null;
};

/** node-postgres and PGlite both parse json; a driver that did not would give the text. */
const parsedJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/**
 * Everything loadCart needs in one statement, so one round trip, for one cart or several: each cart, its lines
 * (oldest first) with their products, and the stock its own open checkout holds per product (stockHeldByCart's
 * sum). Prepared once per database handle: the SQL is built once, and on PostgreSQL it is a named statement each
 * connection parses once.
 */
function prepareCartViews(db: Database | Transaction) {
  return (
    db
      .select({
        id: carts.id,
        email: carts.email,
        lines: sql<unknown>`coalesce((
        select json_agg(json_build_object(
          'id', l.id, 'productId', l.product_id, 'quantity', l.quantity, 'registration', l.registration,
          'product', case when p.id is null then null else json_build_object(
            'id', p.id, 'name', p.name, 'description', p.description, 'price', p.price, 'imageUrl', p.image_url,
            'isActive', p.is_active, 'unlimitedStock', p.unlimited_stock, 'stockCount', p.stock_count) end
        ) order by l.created_at, l.id)
        from ${cartLines} l left join ${products} p on p.id = l.product_id
        where l.cart_id = carts.id
      ), '[]'::json)`,
        held: sql<unknown>`coalesce((
        select json_object_agg(held.product_id, held.quantity) from (
          select r.product_id, sum(r.quantity)::int as quantity
          from ${stockReservations} r join ${checkouts} k on k.id = r.checkout_id
          where k.cart_id = carts.id and k.status = 'open'
          group by r.product_id
        ) held
      ), '{}'::json)`,
      })
      // The subqueries name the outer row as carts.id: drizzle writes a one-table select's columns unqualified.
      .from(carts)
      .where(sql`${carts.id} = any(${sql.placeholder("cartIds")}::text[])`)
      .prepare("citron_cart_views")
  );
}

const cartViewQueries = new WeakMap<Database | Transaction, ReturnType<typeof prepareCartViews>>();

/**
 * Several carts' views (loadCart) in one statement, by id; an unknown id is absent. The page cache reads the
 * carts of the /fees requests that arrive together this way (server/personal-fees.ts).
 */
export async function loadCarts(db: Database | Transaction, cartIds: readonly string[]): Promise<Map<string, CartView>> {
  let query = cartViewQueries.get(db);
  if (!query) {
    query = prepareCartViews(db);
    cartViewQueries.set(db, query);
  }
  const rows = cartIds.length === 0 ? [] : await query.execute({ cartIds: [...new Set(cartIds)] });
  return new Map(rows.map((row) => [row.id, cartView(row)]));
}

/**
 * A cart's lines joined with the catalogue, oldest first, with totals from the
 * catalogue's prices; a limited product's stock counts what the cart's own open
 * checkout holds (stockHeldByCart). Null when there is no such cart. One
 * statement (one round trip): /fees reads it for every cart visitor
 * (docs/decisions/0030-personal-pages-from-the-cache.md).
 */
export async function loadCart(db: Database | Transaction, cartId: string): Promise<CartView | null> {
  return (await loadCarts(db, [cartId])).get(cartId) ?? null;
}

function cartView(cart: { id: string; email: string | null; lines: unknown; held: unknown }): CartView {
  const rows = parsedJson<CartLineRow[]>(cart.lines);
  const held = new Map(Object.entries(parsedJson<Record<string, number>>(cart.held)));

  const perProduct = new Map<string, number>();
  for (const line of rows) {
    if (line.productId) perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  }
  const lines: CartLineView[] = rows.map((line) => {
    const product = line.product && withHeldStock(line.product, held);
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

function prepareCartItemCounts(db: Database) {
  return db
    .select({ cartId: cartLines.cartId, count: sql<number>`sum(${cartLines.quantity})::int` })
    .from(cartLines)
    .where(sql`${cartLines.cartId} = any(${sql.placeholder("cartIds")}::text[])`)
    .groupBy(cartLines.cartId)
    .prepare("citron_cart_item_counts");
}

const cartItemCountQueries = new WeakMap<Database, ReturnType<typeof prepareCartItemCounts>>();

/**
 * Several carts' badge numbers in one statement, by id; a cart without lines (or unknown) is absent: its count
 * is 0. Every public page of a cart visitor reads one (server/cart-count.ts batches them), so it is prepared
 * once per database handle, as loadCarts.
 */
export async function cartItemCounts(db: Database, cartIds: readonly string[]): Promise<Map<string, number>> {
  let query = cartItemCountQueries.get(db);
  if (!query) {
    query = prepareCartItemCounts(db);
    cartItemCountQueries.set(db, query);
  }
  const rows = cartIds.length === 0 ? [] : await query.execute({ cartIds: [...new Set(cartIds)] });
  return new Map(rows.map((row) => [row.cartId, Number(row.count)]));
}

/** The header badge's number: one small query, only when the request has a cart cookie. */
export async function cartItemCount(db: Database, cartId: string): Promise<number> {
  return (await cartItemCounts(db, [cartId])).get(cartId) ?? 0;
}

/** A refusal the visitor can act on; the action turns it into a 4xx and a message. */
export class CartError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413 = 409,
  ) {
    super(message);
  }
}

export const cartMessages = {
  added: (name: string) => ({ type: "success" as const, title: "Added to cart", description: name }),
  updated: { type: "success" as const, title: "Cart updated" },
  removed: { type: "success" as const, title: "Item removed" },
  unavailable: "This product is not available.",
  soldOut: (name: string) => `${name} is out of stock.`,
  stockLeft: (name: string, left: number) =>
    left <= 0 ? `${name} is out of stock.` : `Only ${left} of ${name} left in stock.`,
  tooManyLines: `Your cart can hold at most ${cartLimits.lines} items. Please check out or remove some first.`,
  quantityTooHigh: `Quantity must be ${cartLimits.quantity} or less.`,
  quantityInvalid: "Please enter a whole number.",
  lineMissing: "That item is no longer in your cart.",
  registrationNeeded: "Please fill in the registration details for this item.",
  tooManyCarts: "Too many new carts have been started from your network. Please try again in an hour.",
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active product by id, or a CartError: unknown, malformed and inactive ids are all "not available". */
async function sellableProduct(tx: Transaction, productId: string): Promise<Product> {
  if (!UUID_PATTERN.test(productId)) throw new CartError(cartMessages.unavailable, 404);
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
 * registration is its own line; a plain product already in the cart gets
 * its quantity raised instead.
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

    if (!kind) {
      const [existing] = await tx
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, product.id)))
        .limit(1);
      if (existing) {
        if (existing.quantity + 1 > cartLimits.quantity) throw new CartError(cartMessages.quantityTooHigh, 400);
        await tx.update(cartLines).set({ quantity: existing.quantity + 1 }).where(eq(cartLines.id, existing.id));
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
  if (!UUID_PATTERN.test(lineId)) throw new CartError(cartMessages.lineMissing, 404);
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
  if (!UUID_PATTERN.test(lineId)) return;
  await db.delete(cartLines).where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { type Product, products } from "~/db/schema/catalogue";
import { cartLines, carts } from "~/db/schema/shop";
import { stockHeldByCartJson } from "~/features/products/holds/stock-reservations.server";
import type { RegistrationData } from "~/db/registration-data";

/**
 * The cart as pages read it: its lines joined with the catalogue, each flagged when it cannot be bought as it
 * stands, with totals; and the header badge's item count.
 */

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

/** The product with the stock this cart may count on: what is left plus what its own checkout holds. */
export function withHeldStock<T extends Pick<Product, "id" | "stockCount">>(product: T, held: Map<string, number>): T {
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
 * (oldest first) with their products, and the stock its own open checkout holds per product (stockHeldByCartJson).
 * Prepared once per database handle: the SQL is built once, and on PostgreSQL it is a named statement each
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
          'id', l.id, 'productId', l.product_id,
          'quantity', case when l.registration is null then l.quantity else 1 end, 'registration', l.registration,
          'product', case when p.id is null then null else json_build_object(
            'id', p.id, 'name', p.name, 'description', p.description, 'price', p.price, 'imageUrl', p.image_url,
            'isActive', p.is_active, 'unlimitedStock', p.unlimited_stock, 'stockCount', p.stock_count) end
        ) order by l.created_at, l.id)
        from ${cartLines} l left join ${products} p on p.id = l.product_id
        where l.cart_id = carts.id
      ), '[]'::json)`,
        held: stockHeldByCartJson(sql.raw("carts.id")),
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
 * carts of the /fees requests that arrive together this way (app/features/shop/personal/personal-fees.server.ts).
 */
export async function loadCarts(
  db: Database | Transaction,
  cartIds: readonly string[],
): Promise<Map<string, CartView>> {
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

// A registration line counts as one entry, whatever quantity it was saved with (docs/product.md#shop-and-cart), as the checkout charges it.
function prepareCartItemCounts(db: Database) {
  return db
    .select({
      cartId: cartLines.cartId,
      count: sql<number>`sum(case when ${cartLines.registration} is null then ${cartLines.quantity} else 1 end)::int`,
    })
    .from(cartLines)
    .where(sql`${cartLines.cartId} = any(${sql.placeholder("cartIds")}::text[])`)
    .groupBy(cartLines.cartId)
    .prepare("citron_cart_item_counts");
}

const cartItemCountQueries = new WeakMap<Database, ReturnType<typeof prepareCartItemCounts>>();

/**
 * Several carts' badge numbers in one statement, by id; a cart without lines (or unknown) is absent: its count
 * is 0. Every public page of a cart visitor reads one (app/features/shop/cart/cart-count.server.ts batches them), so it is prepared
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

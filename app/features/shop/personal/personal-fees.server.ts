import { env } from "~/core/env.server";
import { type CachedPage, type PageParts, partsText } from "~/core/page-cache.server";
import { readBatcher } from "~/core/read-batch";
import { getDatabaseHandle } from "~/db/database.server";
import { readCartIdFromCookies } from "../cart/cart-cookie.server";
import { type CartView, loadCarts } from "../cart/cart-view.server";
import { feesTemplate, fillFees, type FeesTemplate } from "./fees-fill.server";

// The carts asked for in one turn of the event loop are read in one statement (app/core/read-batch.ts).
const cartOf = readBatcher<CartView | null>(
  async (cartIds) => {
    const { db } = await getDatabaseHandle();
    return loadCarts(db, cartIds);
  },
  { missing: null },
);

/**
 * A cart visitor's /fees from the page cache (docs/decisions/0030-personal-pages-from-the-cache.md): what the
 * root loader and the /fees loader read for them (the badge's count and the cart), and the cached page for that
 * count with their cart filled in.
 */
export async function readFeesCart(cookieHeader: string): Promise<{ count: number; cart: CartView | null }> {
  const cartId = await readCartIdFromCookies(cookieHeader);
  if (!cartId) return { count: 0, cart: null };
  const cart = await cartOf(cartId);
  // The cart's itemCount is the root loader's count (cartItemCount: the sum of the same lines' quantities),
  // read in the same statement: one round trip fewer per request.
  return { count: cart?.itemCount ?? 0, cart };
}

// Each cached page is split and its data decoded once, then filled for every visitor with a cart.
const templates = new WeakMap<CachedPage, { id: number; template: Promise<FeesTemplate | null> }>();
let templateIds = 0;

/**
 * Filled pages kept (docs/decisions/0036-filled-pages-kept.md), the most recently used last. The key is the
 * cached page and the whole cart as read for this request (its id, email, every line with its product and
 * stock): the fill is a function of those two alone, so a kept page is exactly what filling again would give,
 * and a changed cart (a line, a quantity, a detail, the stock or the price it shows) or a page rendered again
 * is a new key. Keys of pages the cache dropped are never asked for again and are the first to go.
 */
const kept = new Map<string, Promise<PageParts>>();

export async function fillFeesPage(page: CachedPage, cart: unknown): Promise<PageParts | null> {
  let entry = templates.get(page);
  if (!entry) {
    entry = { id: ++templateIds, template: feesTemplate(partsText(page.parts)) };
    templates.set(page, entry);
  }
  const template = await entry.template;
  if (!template) return null;
  const limit = env().CART_PAGES_KEPT;
  if (limit === 0) return fillFees(template, cart as CartView);
  const key = `${entry.id} ${JSON.stringify(cart)}`;
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const parts = fillFees(template, cart as CartView);
  kept.set(key, parts);
  while (kept.size > limit) kept.delete(kept.keys().next().value!);
  // A fill that failed is not kept: the next request tries again.
  parts.catch(() => {
    if (kept.get(key) === parts) kept.delete(key);
  });
  return parts;
}

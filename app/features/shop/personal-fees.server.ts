import type { CachedPage } from "~/core/page-cache.server";
import { pageText } from "~/core/page-cache.server";
import { getDatabaseHandle } from "~/db/database.server";
import { type CartView, loadCarts, readCartIdFromCookies } from "./cart.server";
import { feesTemplate, fillFees, type FeesTemplate } from "./fees-fill.server";
import { readBatcher } from "~/core/read-batch";

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
const templates = new WeakMap<CachedPage, Promise<FeesTemplate | null>>();

export async function fillFeesPage(page: CachedPage, cart: unknown): Promise<string | null> {
  let template = templates.get(page);
  if (!template) {
    template = feesTemplate(pageText(page));
    templates.set(page, template);
  }
  const ready = await template;
  return ready ? fillFees(ready, cart as CartView) : null;
}

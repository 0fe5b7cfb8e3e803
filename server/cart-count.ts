import { getDatabaseHandle } from "~/db/database.server";
import { cartItemCount, readCartId } from "~/features/shop/cart.server";

/**
 * The item count of the cart a Cookie header names, as the root loader reads it
 * for the header badge (0 for a missing or unknown cart): the page cache picks
 * a cart visitor's page by it (docs/decisions/0030-personal-pages-from-the-cache.md).
 */
export async function readCartItemCount(cookieHeader: string): Promise<number> {
  const cartId = await readCartId(new Request("http://cart.invalid/", { headers: { Cookie: cookieHeader } }));
  if (!cartId) return 0;
  const handle = await getDatabaseHandle();
  return cartItemCount(handle.db, cartId);
}

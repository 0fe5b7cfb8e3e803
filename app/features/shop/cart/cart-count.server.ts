import { getDatabaseHandle } from "~/db/database.server";
import { readCartIdFromCookies } from "./cart-cookie.server";
import { cartItemCounts } from "./cart-view.server";
import { readBatcher } from "~/core/read-batch";

// The counts asked for in one turn of the event loop are read in one statement (app/core/read-batch.ts).
const countOf = readBatcher(
  async (cartIds) => {
    const { db } = await getDatabaseHandle();
    return cartItemCounts(db, cartIds);
  },
  { missing: 0 },
);

/**
 * The item count of the cart a Cookie header names, as the root loader reads it
 * for the header badge (0 for a missing or unknown cart): the page cache picks
 * a cart visitor's page by it (docs/decisions/0030-personal-pages-from-the-cache.md).
 */
export async function readCartItemCount(cookieHeader: string): Promise<number> {
  const cartId = await readCartIdFromCookies(cookieHeader);
  return cartId ? countOf(cartId) : 0;
}

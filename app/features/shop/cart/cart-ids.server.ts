import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { carts } from "~/db/schema/shop";
import { readCartId } from "./cart-cookie.server";

/**
 * The cart a request's cookie names, only when the server issued it: a cart
 * row exists for it. Only the server creates cart ids (newCartId, on the
 * first add, counted by the new-cart limit), so a well-formed id a client
 * made up, or one whose cart the idle sweep removed, counts as no cart: the
 * next add starts a fresh server-issued cart and pays the new-cart limit.
 */
export async function issuedCartId(db: Database, request: Request): Promise<string | null> {
  const cartId = await readCartId(request);
  if (!cartId) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId));
  return row ? cartId : null;
}

/**
 * The cart cookie's name, which layers below the shop need: a random id in an HttpOnly, SameSite=Lax cookie; the
 * page cache never serves a shared page to a request carrying it. (Where the cart is on /fees: ./cart-anchor.ts.)
 */
export const CART_COOKIE = "citron_cart";

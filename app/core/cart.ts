/**
 * The cart's two names that layers below the shop need: its cookie (a random id in an HttpOnly, SameSite=Lax
 * cookie; the page cache never serves a shared page to a request carrying it) and its place on the fees page
 * (where every cart form, and a cart checkout that ends unpaid, sends the visitor back to).
 */
export const CART_COOKIE = "citron_cart";

/** Where every cart form sends the visitor back to without JavaScript. */
export const CART_ANCHOR_PATH = "/fees#your-cart";

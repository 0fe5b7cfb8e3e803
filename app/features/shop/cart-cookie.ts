/**
 * The cart cookie's name (docs/product.md#money: a random id in an HttpOnly,
 * SameSite=Lax cookie). Plain module: the page cache reads it too, since a
 * request carrying it is never served a shared page.
 */
export const CART_COOKIE = "citron_cart";

/**
 * Where "your cart" is: the Your Cart section of /fees. Every link, redirect and provider Cancel that leads back
 * to the cart uses this path; the section carries the id.
 */
export const CART_SECTION_ID = "your-cart";
export const CART_ANCHOR_PATH = `/fees#${CART_SECTION_ID}`;

import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { env } from "~/core/env.server";
import { CART_COOKIE } from "~/core/cart";

/** How long a cart lives after its last change (its cookie; the idle-cart sweep). */
export const CART_DAYS = 30;
/** 32 random bytes, base64url: the only shape a cart id can have. */
const CART_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The cart cookie: HttpOnly, SameSite=Lax, Secure on https, 30 days (renewed on every change). */
export function cartCookie() {
  cookie ??= createCookie(CART_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().PUBLIC_URL.startsWith("https://"),
    maxAge: CART_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

/** For tests: forget the cookie (its Secure flag follows PUBLIC_URL). */
export function resetCartCookieForTests() {
  cookie = undefined;
}

/**
 * The cart id a request carries, or null. No database read: pages without a
 * cart cookie cost nothing. (For the checkout: it locks the cart itself.)
 */
export function readCartId(request: Request): Promise<string | null> {
  return readCartIdFromCookies(request.headers.get("Cookie"));
}

/** readCartId for a Cookie header as it came (the page cache reads it before any Request exists). */
export async function readCartIdFromCookies(header: string | null | undefined): Promise<string | null> {
  if (!header || !header.includes(`${CART_COOKIE}=`)) return null;
  const value: unknown = await cartCookie().parse(header);
  return typeof value === "string" && CART_ID_PATTERN.test(value) ? value : null;
}

export function newCartId(): string {
  return randomBytes(32).toString("base64url");
}

/** The Set-Cookie header that (re)sets the cart cookie for another 30 days. */
export function cartCookieHeader(cartId: string): Promise<string> {
  return cartCookie().serialize(cartId);
}

/**
 * The one check for "where to send someone next" when the place comes from
 * the request (a `redirectTo` query or form field, a Referer). Only a path on
 * this site passes; anything else falls back to a page we choose.
 *
 * Browsers strip tab and newline before resolving a Location and read a
 * backslash as a slash, so `/\t/evil.example` or `/\evil.example` would leave
 * the site although they start with one slash. The value is refused when it,
 * or any percent-decoding of it, holds a control character or a backslash or
 * starts with two slashes; what is left is resolved against a stand-in origin
 * and must stay on it.
 */

import { pageUrl } from "./page-url";

/** Resolves relative paths without knowing the real site origin (same-origin is all that matters). */
const STAND_IN_ORIGIN = "http://site.invalid";
// oxlint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

export type SafeRedirectOptions = {
  /** Where to go when the value is refused (default "/"). */
  fallback?: string;
  /** Paths that may not be the target (for example the sign-in page itself): the path and anything under it. */
  avoid?: readonly string[];
};

/**
 * Whether `value` is a path of this site by the same test `safeRedirect` applies: the one internal-path check for
 * every link staff type (a footer link), so `/\evil.example` is refused there as it is here.
 */
export function isSitePath(value: unknown): value is string {
  return sitePath(value) !== null;
}

/** A same-site path (with its query and hash) for `value`, or the fallback. */
export function safeRedirect(value: unknown, options: SafeRedirectOptions = {}): string {
  const fallback = options.fallback ?? "/";
  const url = sitePath(value);
  if (url === null) return fallback;
  // A client navigation's data URL (`/orders.data?_routes=…`) is never a place to send a person: its page is.
  const page = pageUrl(url);
  const path = page.pathname;
  for (const avoided of options.avoid ?? []) {
    const bare = avoided.replace(/\/+$/, "");
    if (path === bare || path === `${bare}/` || path.startsWith(`${bare}/`)) return fallback;
  }
  return `${path}${page.search}${page.hash}`;
}

/** `value` resolved on the stand-in origin when it is a path that stays on the site; null otherwise. */
function sitePath(value: unknown): URL | null {
  const fallback = null;
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/")) return fallback;

  // Check the value and each decoding of it: a proxy or a second redirect may decode once more.
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    if (UNSAFE.test(current) || current.startsWith("//")) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return fallback;
    }
    if (decoded === current) break;
    current = decoded;
  }

  let url: URL;
  try {
    url = new URL(value, STAND_IN_ORIGIN);
  } catch {
    return fallback;
  }
  return url.origin === STAND_IN_ORIGIN ? url : fallback;
}

/**
 * Where to go after signing in: only a path on this site (never `//host` or
 * `https://...`, which would make /auth an open redirect), and never back to
 * the sign-in screen itself.
 */
export function safeRedirectPath(value: unknown, fallback = "/orders"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  const path = value.split(/[?#]/)[0] ?? "";
  if (path === "/auth" || path === "/masterdebater" || path.startsWith("/auth/")) return fallback;
  return value;
}

import { safeRedirect } from "~/core/safe-redirect";

/** docs/product.md#6-roles-and-permissions: what a signed-in user without the admin role is told. */
export const ADMIN_REQUIRED_MESSAGE = "You must be an admin to view this page.";
/** docs/product.md#8-error-and-notice-texts: the account's role could not be read; the visitor goes home with this notice. */
export const ACCESS_CHECK_FAILED = "Failed to verify access.";
export const PRODUCTS_ADMIN_REQUIRED_MESSAGE =
  "You don't have permission to manage the product catalog. Admin access is required.";

/** The body of the 403 response a guard throws. */
export type AccessDenied = { title: "Access Denied"; message: string };

export function isAccessDenied(value: unknown): value is AccessDenied {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as AccessDenied).title === "Access Denied" &&
    typeof (value as AccessDenied).message === "string"
  );
}

/** The sign-in screen's paths (docs/product.md: /masterdebater shows the same screen as /auth). */
export const SIGN_IN_PATHS = ["/auth", "/masterdebater"] as const;

/** Where to go after signing in: a path on this site (app/core/safe-redirect.ts), never the sign-in screen itself. */
export function afterSignInPath(value: unknown): string {
  return safeRedirect(value, { fallback: "/orders", avoid: SIGN_IN_PATHS });
}

import { safeRedirect } from "~/core/safe-redirect";
import { accountHome, type Role } from "./roles";

/** docs/product.md#6-roles-and-permissions: what a signed-in user without the admin role is told. */
export const ADMIN_REQUIRED_MESSAGE = "You must be an admin to view this page.";
/** docs/product.md#8-error-and-notice-texts: the account's role could not be read; the visitor goes home with this notice. */
export const ACCESS_CHECK_FAILED = "Failed to verify access.";
export const PRODUCTS_ADMIN_REQUIRED_MESSAGE =
  "You don't have permission to manage the product catalog. Admin access is required.";

/** The body of the 403 response a guard throws; `home`, where its button goes (staff's orders by default). */
export type AccessDenied = { title: "Access Denied"; message: string; home?: { to: string; label: string } };

/** A coach's way back from a staff page (decision 0054). */
export const COACH_HOME = { to: "/coach", label: "Go to your season" } as const;

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

/** docs/product.md#6-roles-and-permissions: what a coach is told on a staff page (decision 0054). */
export const STAFF_ONLY_MESSAGE = "This page is for the district's staff. Your school's pages are at /coach.";
/** What a staff account is told on a coach's page. */
export const COACH_ONLY_MESSAGE = "This page is for a member school's coach.";

/** The coach's own pages (decision 0054). */
export const COACH_PATH = "/coach";

/**
 * Where to go after signing in: a path on this site (app/core/safe-redirect.ts), never the sign-in screen itself.
 * A coach (decision 0054) lands on /coach, and is never sent to a staff page they would only be refused.
 */
export function afterSignInPath(value: unknown, role?: Role): string {
  const path = safeRedirect(value, { fallback: role ? accountHome(role) : "/orders", avoid: SIGN_IN_PATHS });
  if (role === "coach" && path !== COACH_PATH && !path.startsWith(`${COACH_PATH}/`)) return COACH_PATH;
  return path;
}

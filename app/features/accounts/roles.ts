/**
 * docs/product.md#3-entities-and-their-fields: a user_roles row holds user or admin (staff), or coach (decision 0054:
 * a member school's coach, who reads only their schools' pages under /coach and never a staff page).
 */
export const roles = ["user", "admin", "coach"] as const;
export type Role = (typeof roles)[number];

/** Where an account's own pages start: the coach's season, or the staff's orders. */
export function accountHome(role: Role): string {
  return role === "coach" ? "/coach" : "/orders";
}

/** The header's button to an account's own pages. */
export function accountHomeLabel(role: Role): string {
  return role === "coach" ? "Coach pages" : "Admin Panel";
}

/** The protected admin address (PROTECTED_ADMIN_EMAIL) is compared case-insensitively. */
export function isProtectedEmail(email: string, protectedEmail: string): boolean {
  return email.trim().toLowerCase() === protectedEmail.trim().toLowerCase();
}

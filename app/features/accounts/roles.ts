/** docs/product.md#3-entities-and-their-fields: a user_roles row holds user or admin. */
export const roles = ["user", "admin"] as const;
export type Role = (typeof roles)[number];

/** The protected admin address (PROTECTED_ADMIN_EMAIL) is compared case-insensitively. */
export function isProtectedEmail(email: string, protectedEmail: string): boolean {
  return email.trim().toLowerCase() === protectedEmail.trim().toLowerCase();
}

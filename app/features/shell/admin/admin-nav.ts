import type { Role } from "~/features/accounts/roles";

export type AdminNavItem = { label: string; to: string; adminOnly: boolean };

/**
 * docs/product.md#admin-area-and-orders: every signed-in user sees the first four, Site content (they may draft,
 * decision 0039) and Tournaments (decision 0040, beyond docs/product.md); admins also Users and Manage
 * Products, and Mail Delivery (the outbox's failed and long-retrying messages; beyond docs/product.md), and Payments
 * (payments needing attention, decision 0024; beyond docs/product.md), and Finance (the season in numbers,
 * decision 0053).
 */
export const adminNavItems: readonly AdminNavItem[] = [
  { label: "Profile", to: "/admin/profile", adminOnly: false },
  { label: "View Orders", to: "/orders", adminOnly: false },
  { label: "View Donations", to: "/admin/donations", adminOnly: false },
  { label: "View Contacts", to: "/contact-submissions", adminOnly: false },
  { label: "Site content", to: "/admin/site", adminOnly: false },
  { label: "Tournaments", to: "/admin/tournaments", adminOnly: false },
  { label: "Users", to: "/admin/users", adminOnly: true },
  { label: "Manage Products", to: "/admin/products", adminOnly: true },
  { label: "Campaigns", to: "/admin/campaigns", adminOnly: true },
  { label: "Mail Delivery", to: "/admin/mail", adminOnly: true },
  { label: "Payments", to: "/admin/payments", adminOnly: true },
  { label: "Finance", to: "/admin/finance", adminOnly: true },
];

export function adminNavFor(role: Role): AdminNavItem[] {
  return adminNavItems.filter((item) => role === "admin" || !item.adminOnly);
}

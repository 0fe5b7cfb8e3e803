import type { Notice } from "../notices";
import type { Role } from "../roles";

export type UserListItem = {
  id: string;
  email: string;
  role: Role | null;
  created: string;
  lastSignIn: string | null;
  isProtected: boolean;
  isSelf: boolean;
  /** Two-factor sign-in on: another admin may reset it (a lost phone). */
  twoFactorEnabled?: boolean;
};

export type UsersActionResult = {
  intent: string;
  ok: boolean;
  notice: Notice;
  /** A refused Add New User's fields, to fill the form in again (never the password). */
  values?: { email: string; role: string };
};

/**
 * Every form posts here, without the page's `?new=1` or `?delete=<id>`: an action
 * leaves a form opened without JavaScript for the list.
 */
export const USERS_PATH = "/admin/users";

/** A refused Add New User: its message is shown in the form, and only there. */
export function failedCreate(result: UsersActionResult | undefined) {
  return result?.intent === "create" && !result.ok ? result : null;
}

import type { ToastMessage } from "~/ui/toast";

/** A notice as docs/product.md#8-error-and-notice-texts writes them: a title and a text. */
export type Notice = ToastMessage;

const error = (title: string, description?: string): Notice => ({ type: "error", title, description });
const success = (title: string, description?: string): Notice => ({ type: "success", title, description });

/** The sign-in screen's notices (docs/product.md#8-error-and-notice-texts, "Sign-in" and "Reset"). */
export const authNotices = {
  accountNotFound: error(
    "Account Not Found",
    "This account doesn't exist yet. Please sign up first or check your credentials.",
  ),
  signInError: (message: string) => error("Sign In Error", message),
  signInThrottled: (wait: string) =>
    error("Sign In Error", `Too many failed sign-in attempts. Please wait ${wait} and try again.`),
  unexpected: error("Sign In Error", "An unexpected error occurred."),
  invalidEmail: error("Invalid Email", "Please enter a valid email address."),
  tooManyResets: error("Too Many Requests", "Please wait a few minutes before requesting another password reset."),
  resetSent: success(
    "Reset Email Sent",
    "If this email exists in our system, you will receive reset instructions. Check your email and spam folder.",
  ),
  passwordMismatch: error("Password Mismatch", "Passwords do not match. Please try again."),
  weakPassword: (message: string) => error("Weak Password", message),
  resetLinkInvalid: error(
    "Password Update Error",
    "This reset link is invalid or has expired. Please request a new one with Forgot your password?",
  ),
  passwordUpdateError: (message: string) => error("Password Update Error", message),
  passwordUpdated: success(
    "Password Updated Successfully",
    "Your new password is set. Every other session of this account was signed out, and its trusted browsers forgotten.",
  ),
} as const;

/** The notice for a refused new password (see `newPasswordProblem`). */
export function newPasswordNotice(problem: { kind: "weak" | "mismatch"; message: string }): Notice {
  return problem.kind === "weak" ? authNotices.weakPassword(problem.message) : authNotices.passwordMismatch;
}

/** User Management's notices (docs/product.md#8-error-and-notice-texts, "Admin notices" and "Successes"). */
export const userNotices = {
  fetchFailed: error("Error", "Failed to fetch users."),
  unknownAction: error("Error", "This action is not known. Please reload the page and try again."),
  roleUpdated: (role: string) => success(`User role updated to ${role}`),
  roleUpdateFailed: error("Error", "Failed to update user role."),
  noUserForReset: error("Error", "No user selected for password reset."),
  userNotFound: error("Error", "User not found."),
  resetSent: (email: string) => success("Password Reset Email Sent", `A reset link has been sent to ${email}.`),
  resetFailed: (message?: string) => error("Error", message ?? "Failed to send password reset email."),
  roleRemoved: (email: string) => success("User Role Removed", `${email} no longer has any access.`),
  deleteFailed: error("Error", "Failed to delete user."),
  cannotDelete: error("Error", "This user cannot be deleted."),
  cannotDemote: error("Error", "The protected admin must stay an admin."),
  cannotRemoveSelf: error("Error", "You cannot remove your own access."),
  cannotDemoteSelf: error("Error", "You cannot take away your own admin role. Ask another admin."),
  requiredFields: error("Error", "Please fill in all required fields."),
  createAccountFailed: (message?: string) => error("Error", message ?? "Failed to create user account"),
  createFailed: error("Error", "Failed to create user."),
  created: (role: string) => success(`User created successfully with ${role} role.`),
  createdWithoutRole: success(
    "User Created",
    "The account was created, but its role could not be assigned. You may assign it manually from the list.",
  ),
  alreadyExists: error("Error", "A user with this email already exists."),
  coachRole: error("Error", "This account is a school's coach: manage it in Coaches, below the users."),
  testEmailSent: (recipients: string) => success("Test Email Sent", `A test email was sent to ${recipients}.`),
  testEmailFailed: (message: string) => error("Error", `Failed to send test email: ${message}`),
} as const;

export const profileNotices = {
  loadFailed: error("Error", "Failed to load profile information."),
  wrongCurrentPassword: error("Password Update Error", "Your current password is incorrect."),
  tooManyPasswordChecks: (wait: string) =>
    error("Password Update Error", `Too many wrong current passwords. Please wait ${wait} and try again.`),
} as const;

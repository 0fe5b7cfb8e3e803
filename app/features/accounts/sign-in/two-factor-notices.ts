import type { Notice } from "../notices";

const error = (title: string, description?: string): Notice => ({ type: "error", title, description });
const success = (title: string, description?: string): Notice => ({ type: "success", title, description });

/** The two-factor sign-in's notices (decision 0028; docs/product.md has none of its own). */
export const twoFactorNotices = {
  codeRequired: error(
    "Verification Code",
    "Please enter the 6-digit code from your authenticator app, or a recovery code.",
  ),
  wrongCode: error("Verification Code", "That code is not right. Please check your authenticator app and try again."),
  codeUsed: error(
    "Verification Code",
    "That code was already used. Please wait for the next code in your authenticator app.",
  ),
  expired: error("Verification Code", "This sign-in took too long. Please sign in again with your password."),
  challengeSpent: error("Verification Code", "Too many wrong codes. Please sign in again with your password."),
  locked: error(
    "Verification Code",
    "Too many wrong codes for this account. Please wait 15 minutes, or ask another admin to reset your two-factor sign-in.",
  ),
  tooMany: (wait: string) =>
    error("Verification Code", `Too many codes were entered. Please wait ${wait} and try again.`),
  unexpected: error("Verification Code", "An unexpected error occurred."),
  passwordRequired: error("Two-Factor Sign-In", "Please enter your password to set up two-factor sign-in."),
  wrongPassword: error("Two-Factor Sign-In", "Your password is incorrect."),
  alreadyOn: error("Two-Factor Sign-In", "Two-factor sign-in is already on for this account."),
  enabled: success(
    "Two-Factor Sign-In On",
    "From now on, signing in asks for a code from your authenticator app. Every other session of this account was signed out, and its trusted browsers forgotten.",
  ),
  setupRequired: error(
    "Two-Factor Sign-In Required",
    "Staff must set up two-factor sign-in before using the admin area.",
  ),
  notOwnReset: error(
    "Error",
    "You cannot reset your own two-factor sign-in. Sign in with a recovery code, or ask another admin.",
  ),
  protectedReset: error(
    "Error",
    "The protected admin's two-factor sign-in is reset from the command line (npm run user:reset-2fa).",
  ),
  resetDone: (email: string) =>
    success(
      "Two-Factor Sign-In Reset",
      `${email} will set it up again at their next sign-in. Their sessions were ended and their trusted browsers forgotten.`,
    ),
} as const;

/**
 * What everything the built-in sandbox produces says (decision 0024): a test,
 * no payment taken. Pure, so emails, receipts and pages share the words.
 */
export const SANDBOX_NOTICE =
  "TEST MODE: this was made with the built-in sandbox. No payment was taken and no money moved.";

/** The subject line's prefix on every email about a sandbox checkout. */
export const SANDBOX_SUBJECT_PREFIX = "[TEST, no payment taken] ";

/** How the dashboards name a checkout's provider. */
export function providerLabel(provider: string | null | undefined): string {
  return provider === "sandbox" ? "Test (sandbox)" : provider === "stripe" ? "Stripe" : "";
}

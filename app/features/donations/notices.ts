import { waitWords } from "~/core/too-many";

/** docs/product.md#8-error-and-notice-texts: "Failed to process donation: {message}" (or Unknown error). */
export function donationFailedMessage(message: string | null | undefined): string {
  const reason = message?.trim();
  return `Failed to process donation: ${reason || "Unknown error"}`;
}

/** The 429 answer: what happened and what to do instead. */
export function rateLimitedMessage(retryAfterSeconds: number, contactEmail: string): string {
  const wait = waitWords(retryAfterSeconds);
  return donationFailedMessage(
    `Too many donation attempts from your connection. Please wait ${wait} and try again, or email us at ${contactEmail}.`,
  );
}

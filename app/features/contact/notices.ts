import { waitWords } from "~/core/too-many";
import type { ToastMessage } from "~/ui/toast";

/** The contact notices of docs/product.md#8-error-and-notice-texts, word for word. */
export const contactSentNotice = {
  type: "success",
  title: "Message Sent!",
  description: "Thank you for contacting us. We'll get back to you soon.",
} as const satisfies ToastMessage;

export const contactFailedNotice = {
  type: "error",
  title: "Error",
  description: "There was a problem sending your message. Please try again.",
} as const satisfies ToastMessage;

/** The 429 answer: what happened and what to do instead. */
export function rateLimitedMessage(retryAfterSeconds: number, contactEmail: string): string {
  const wait = waitWords(retryAfterSeconds);
  return `You have sent several messages in a short time. Please wait ${wait} before sending another, or email us at ${contactEmail}.`;
}

/** What the answer adds when the message offered to judge: the judge form, where they name themselves. */
export function judgeFormNote(path: string): string {
  return `Thank you for offering to judge! Name yourself on our judge form (${path}): choose a tournament or any tournament, and confirm by the link we email you.`;
}

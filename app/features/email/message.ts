/** One email, as every feature hands it to the outbox. */
export type EmailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * The message holds a secret (a one-time link): the outbox removes its text
   * once it is sent, instead of keeping it for the delivery log's retention.
   */
  sensitive?: boolean;
};

/** What a sensitive message's text becomes once sent. */
export const REMOVED_AFTER_SENDING = "(Removed after sending: this message held a one-time link.)";

/**
 * A Message-ID for an outbox row, fixed when the message is queued: if a rare
 * failure sends it twice, the copies carry the same id and mail programs
 * (and people) can tell.
 */
export function messageIdFor(id: string, mailFrom: string): string {
  const domain = /@([\w.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

/** Recipients as the outbox stores them: one comma-separated string. */
export function joinRecipients(to: string | string[]): string {
  const list = (Array.isArray(to) ? to : to.split(",")).map((address) => address.trim()).filter(Boolean);
  if (list.length === 0) throw new Error("An email needs at least one recipient");
  return list.join(", ");
}

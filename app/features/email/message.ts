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
  /**
   * Private strings in a message that is otherwise kept (the token of a donor's receipt or manage link): the outbox
   * replaces each with SECRET_REMOVED in the text and HTML once the message is sent.
   */
  secrets?: string[];
};

/** What a sensitive message's text becomes once sent. */
export const REMOVED_AFTER_SENDING = "(Removed after sending: this message held a one-time link.)";

/** What each secret of a sent message becomes. */
export const SECRET_REMOVED = "removed-after-sending";

/** `text` with each secret replaced by SECRET_REMOVED (the longest first, so one inside another goes whole). */
export function blankSecrets(text: string, secrets: readonly string[]): string {
  let blanked = text;
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length))
    blanked = blanked.replaceAll(secret, SECRET_REMOVED);
  return blanked;
}

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

/** One email, as every feature hands it to the outbox. */
export type EmailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

/** Recipients as the outbox stores them: one comma-separated string. */
export function joinRecipients(to: string | string[]): string {
  const list = (Array.isArray(to) ? to : to.split(","))
    .map((address) => address.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error("An email needs at least one recipient");
  return list.join(", ");
}

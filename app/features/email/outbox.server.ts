import { randomUUID } from "node:crypto";
import { env } from "~/core/env.server";
import type { Database, Transaction } from "~/db/client.server";
import { emailOutbox } from "~/db/schema/email";
import { absoluteLinks } from "./absolute-links";
import { joinRecipients, messageIdFor, type EmailMessage } from "./message";
import { defaultTransport } from "./transport.server";

export type { EmailMessage } from "./message";

/**
 * The one way to send email: the message is written to the outbox, inside the
 * caller's transaction when one is given, and the outbox worker delivers it
 * with retries (outbox-worker.server.ts). It is never lost to a mail outage. Every path of the site in it becomes an
 * absolute link on PUBLIC_URL (decision 0051): a mail program has no page to resolve "/judge" against.
 */
export async function queueEmail(db: Database | Transaction, message: EmailMessage): Promise<{ id: string }> {
  const id = randomUUID();
  const base = env().PUBLIC_URL;
  const [row] = await db
    .insert(emailOutbox)
    .values({
      id,
      messageId: messageIdFor(id, env().MAIL_FROM),
      sensitive: message.sensitive ?? false,
      secrets: message.secrets?.length ? message.secrets : null,
      to: joinRecipients(message.to),
      subject: message.subject,
      text: absoluteLinks(message.text, base),
      html: absoluteLinks(message.html, base),
      replyTo: message.replyTo ?? null,
    })
    .returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/**
 * Sends at once through the transport and throws when it fails. Only for a
 * person waiting on the answer (the admin's test email); everything else
 * goes through `queueEmail`.
 */
export async function sendEmailNow(message: EmailMessage): Promise<void> {
  await defaultTransport().send({
    from: env().MAIL_FROM,
    to: joinRecipients(message.to),
    subject: message.subject,
    text: absoluteLinks(message.text, env().PUBLIC_URL),
    html: absoluteLinks(message.html, env().PUBLIC_URL),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  });
}

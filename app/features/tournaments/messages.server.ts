import { sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { isSingleLine, singleLineMessage } from "~/core/single-line";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/accounts";
import { writeAudit, type Actor } from "~/features/accounts/audit.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { MESSAGE_LIMITS } from "./message-limits";
import { HOLDS_PLACE } from "./places.server";

export type MessageDraft = { event: string | null; subject: string; body: string; sendKey: string };

/** The message form read, or the first problem with it. */
export function parseMessageForm(form: FormData): { ok: true; value: MessageDraft } | { ok: false; message: string } {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const typedSubject = text("subject");
  // A line break or control character could end the email's Subject header: refused, not folded (decision 0042).
  if (!isSingleLine(typedSubject)) return { ok: false, message: singleLineMessage("The subject") };
  const subject = typedSubject.replace(/\s+/g, " ");
  const body = text("body").replace(/\r\n/g, "\n");
  const event = text("event") || null;
  const sendKey = text("sendKey");
  if (subject.length < 3) return { ok: false, message: "Please write a subject (at least 3 characters)." };
  if (subject.length > MESSAGE_LIMITS.subject)
    return { ok: false, message: `The subject must be at most ${MESSAGE_LIMITS.subject} characters.` };
  if (body.length < 10) return { ok: false, message: "Please write the message (at least 10 characters)." };
  if (body.length > MESSAGE_LIMITS.body)
    return { ok: false, message: `The message must be at most ${MESSAGE_LIMITS.body} characters.` };
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(sendKey)) return { ok: false, message: "Please reload the page and try again." };
  return { ok: true, value: { event, subject, body, sendKey } };
}

/**
 * Who a message to a tournament (or one event of it) reaches: the contact email of every entry that holds a place
 * and is paid, once per address, sorted.
 */
export async function messageRecipients(db: Database, key: string, event: string | null): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct lower(o.customer_email) as email
      from orders o
     where o.tournament_key = ${key} and o.student_name is not null and o.status = 'completed' and ${HOLDS_PLACE}
       ${event ? sql`and o.event_type = ${event}` : sql``}
     order by 1`);
  return (result as unknown as { rows: Array<{ email: string }> }).rows.map((row) => row.email);
}

/** The email itself: the staff's words, what it is about, and how to answer (a reply reaches CONTACT_EMAIL). */
export function registrantMessage(
  tournament: { title: string; date: string },
  draft: Pick<MessageDraft, "event" | "subject" | "body">,
  to: string,
) {
  const about = `${tournament.title} (${tournament.date})${draft.event ? `, ${draft.event}` : ""}`;
  const { html, text } = renderEmail({
    title: draft.subject,
    intro: [`A message about ${about}, for everyone registered.`],
    quote: { label: "Message", text: draft.body },
    footer: `Questions? Reply to this email or write to ${env().CONTACT_EMAIL}.`,
  });
  return { to, subject: draft.subject, html, text, replyTo: env().CONTACT_EMAIL };
}

/** A test copy to the staff member, through the outbox, marked as a test. */
export async function sendTestMessage(
  db: Database,
  actor: Actor,
  tournament: { title: string; date: string },
  draft: MessageDraft,
): Promise<void> {
  const message = registrantMessage(tournament, draft, actor.email);
  await queueEmail(db, { ...message, subject: `[Test] ${message.subject}` });
}

/**
 * Sends the message (decision 0040): one outbox email per address, saved with the audit entry (its count) in one
 * transaction, so the outbox delivers them all or none was queued. A form sent twice (the same one-time key) is
 * refused, so nobody gets it twice. Returns how many were queued.
 */
export async function sendRegistrantMessage(
  db: Database,
  actor: Actor,
  tournament: { key: string; title: string; date: string },
  draft: MessageDraft,
): Promise<{ ok: true; count: number } | { ok: false; status: number; message: string }> {
  const recipients = await messageRecipients(db, tournament.key, draft.event);
  if (recipients.length === 0) return { ok: false, status: 409, message: "Nobody is registered to receive it yet." };
  return db.transaction(async (tx) => {
    // The one-time key: under a transaction-scoped lock, so two posts of the same form take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tournament-message:${draft.sendKey}`}))`);
    const [sent] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'tournament.message' and ${auditLog.details}->>'sendKey' = ${draft.sendKey}`)
      .limit(1);
    if (sent) return { ok: false as const, status: 409, message: "This message was already sent." };
    for (const to of recipients) await queueEmail(tx, registrantMessage(tournament, draft, to));
    await writeAudit(tx, {
      actor,
      action: "tournament.message",
      details: {
        key: tournament.key,
        event: draft.event,
        subject: draft.subject,
        count: recipients.length,
        sendKey: draft.sendKey,
      },
    });
    return { ok: true as const, count: recipients.length };
  });
}

import { sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { isSingleLine, singleLineMessage } from "~/core/single-line";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/accounts";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import { absoluteLinks } from "~/features/email/absolute-links";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { MESSAGE_LIMITS } from "./message-limits";
import type { MessagePreview } from "./message-form";
import { HOLDS_PLACE } from "./holds-place";

export type MessageDraft = {
  event: string | null;
  subject: string;
  body: string;
  sendKey: string;
  /** The number of addresses the sender confirmed (the Send button names it); null when none was confirmed. */
  confirmCount: number | null;
};

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
  const confirmed = text("confirmCount");
  const confirmCount = /^\d{1,6}$/.test(confirmed) ? Number(confirmed) : null;
  if (subject.length < 3) return { ok: false, message: "Please write a subject (at least 3 characters)." };
  if (subject.length > MESSAGE_LIMITS.subject)
    return { ok: false, message: `The subject must be at most ${MESSAGE_LIMITS.subject} characters.` };
  if (body.length < 10) return { ok: false, message: "Please write the message (at least 10 characters)." };
  if (body.length > MESSAGE_LIMITS.body)
    return { ok: false, message: `The message must be at most ${MESSAGE_LIMITS.body} characters.` };
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(sendKey)) return { ok: false, message: "Please reload the page and try again." };
  return { ok: true, value: { event, subject, body, sendKey, confirmCount } };
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
  audience = "everyone registered",
) {
  const about = `${tournament.title} (${tournament.date})${draft.event ? `, ${draft.event}` : ""}`;
  const { html, text } = renderEmail({
    title: draft.subject,
    intro: [`A message about ${about}, for ${audience}.`],
    quote: { label: "Message", text: draft.body },
    footer: `Questions? Reply to this email or write to ${env().CONTACT_EMAIL}.`,
  });
  return { to, subject: draft.subject, html, text, replyTo: env().CONTACT_EMAIL };
}

/** The preview the form shows: the email as a registrant gets it, and how many addresses it reaches. */
export function messagePreview(
  tournament: { title: string; date: string },
  draft: Pick<MessageDraft, "event" | "subject" | "body">,
  to: string,
  count: number,
  audience?: string,
): MessagePreview {
  const { event, subject, body } = draft;
  const text = absoluteLinks(registrantMessage(tournament, draft, to, audience).text, env().PUBLIC_URL);
  return { event, subject, body, text, count };
}

/** "N address(es)" */
const addressCount = (count: number) => `${count} ${count === 1 ? "address" : "addresses"}`;

function unconfirmed(count: number) {
  return {
    ok: false as const,
    status: 409,
    unconfirmed: true as const,
    count,
    message: `Not sent yet: this message goes to ${addressCount(count)}. Check the preview, then press "Send to ${addressCount(count)}".`,
  };
}

/** A test copy to the staff member, through the outbox, marked as a test. */
export async function sendTestMessage(
  db: Database,
  actor: Actor,
  tournament: { title: string; date: string },
  draft: MessageDraft,
  audience?: string,
): Promise<void> {
  const message = registrantMessage(tournament, draft, actor.email, audience);
  await queueEmail(db, { ...message, subject: `[Test] ${message.subject}` });
}

/** A narrower audience than everyone registered: its addresses and how the email names it. */
export type MessageAudience = { recipients: string[]; label: string; name: string };

/**
 * Sends the message (decision 0040): one outbox email per address, saved with the audit entry (its count) in one
 * transaction, so the outbox delivers them all or none was queued. A form sent twice (the same one-time key) is
 * refused, so nobody gets it twice. Returns how many were queued. `audience` narrows it (the judges feature: the
 * registrants of the schools short of judges).
 */
export async function sendRegistrantMessage(
  db: Database,
  actor: Actor,
  tournament: { key: string; title: string; date: string },
  draft: MessageDraft,
  audience?: MessageAudience,
): Promise<
  { ok: true; count: number } | { ok: false; status: number; message: string; unconfirmed?: true; count?: number }
> {
  const recipients = audience ? audience.recipients : await messageRecipients(db, tournament.key, draft.event);
  if (recipients.length === 0) return { ok: false, status: 409, message: "Nobody is registered to receive it yet." };
  // Sent only when the sender confirmed how many it reaches (decision 0044): a changed count asks again.
  if (draft.confirmCount !== recipients.length) return unconfirmed(recipients.length);
  return db.transaction(async (tx) => {
    // The one-time key and the tournament's hourly count: under transaction-scoped locks, so two posts take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tournament-message:${draft.sendKey}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tournament-messages:${tournament.key}`}))`);
    const [sent] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'tournament.message' and ${auditLog.details}->>'sendKey' = ${draft.sendKey}`)
      .limit(1);
    if (sent) return { ok: false as const, status: 409, message: "This message was already sent." };
    const [lastHour] = await tx
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${auditLog.createdAt})` })
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'tournament.message' and ${auditLog.details}->>'key' = ${tournament.key}
            and ${auditLog.createdAt} > now() - interval '1 hour'`,
      );
    if (Number(lastHour?.count ?? 0) >= MESSAGE_LIMITS.perTournamentPerHour) {
      const freeAt = new Date(lastHour!.oldest!).getTime() + 60 * 60_000;
      const minutes = Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
      return {
        ok: false as const,
        status: 429,
        message: `At most ${MESSAGE_LIMITS.perTournamentPerHour} messages an hour go to this tournament's registrants. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      };
    }
    for (const to of recipients) await queueEmail(tx, registrantMessage(tournament, draft, to, audience?.label));
    await writeAudit(tx, {
      actor,
      action: "tournament.message",
      details: {
        key: tournament.key,
        event: draft.event,
        subject: draft.subject,
        count: recipients.length,
        sendKey: draft.sendKey,
        ...(audience ? { audience: audience.name } : {}),
      },
    });
    return { ok: true as const, count: recipients.length };
  });
}

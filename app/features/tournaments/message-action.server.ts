import type { Database } from "~/db/client.server";
import type { Actor } from "~/core/actor";
import type { MessagePreview } from "./message-form";
import {
  type MessageAudience,
  messagePreview,
  messageRecipients,
  parseMessageForm,
  sendRegistrantMessage,
  sendTestMessage,
} from "./messages.server";

/** What a message form's post comes to: refused, sent, or the preview again (with a note: a test went out). */
export type MessageOutcome =
  | { kind: "refused"; status: number; message: string; preview?: MessagePreview }
  | { kind: "sent"; count: number }
  | { kind: "preview"; message: string | null; preview: MessagePreview };

/**
 * A message form's Preview, "Send a test to me" and Send (decision 0040; the judges' shortfall message too,
 * decision 0051): Preview shows the email and how many addresses it reaches, a test goes to the staff member only,
 * and Send queues only the count the sender confirmed (a Send without it shows the preview first). `audience` narrows
 * the addresses (the registrants of the schools short of judges); without it, the form's event chooses them.
 */
export async function handleMessageIntent(
  db: Database,
  actor: Actor,
  tournament: { key: string; title: string; date: string },
  intent: "message-preview" | "message-test" | "message-send",
  form: FormData,
  audience?: () => Promise<MessageAudience>,
): Promise<MessageOutcome> {
  const parsed = parseMessageForm(form);
  if (!parsed.ok) return { kind: "refused", status: 400, message: parsed.message };
  const draft = audience ? { ...parsed.value, event: null } : parsed.value;
  const narrowed = audience ? await audience() : undefined;
  if (intent === "message-send") {
    const sent = await sendRegistrantMessage(db, actor, tournament, draft, narrowed);
    if (sent.ok) return { kind: "sent", count: sent.count };
    // Not confirmed, or the count changed since: the preview again, with the button naming the count.
    const preview = sent.unconfirmed
      ? messagePreview(tournament, draft, actor.email, sent.count ?? 0, narrowed?.label)
      : undefined;
    return { kind: "refused", status: sent.status, message: sent.message, preview };
  }
  if (intent === "message-test") await sendTestMessage(db, actor, tournament, draft, narrowed?.label);
  const count = narrowed
    ? narrowed.recipients.length
    : (await messageRecipients(db, tournament.key, draft.event)).length;
  return {
    kind: "preview",
    message: intent === "message-test" ? `A test was sent to ${actor.email}.` : null,
    preview: messagePreview(tournament, draft, actor.email, count, narrowed?.label),
  };
}

/** The three intents of a message form, or null. */
export function messageIntent(value: string): "message-preview" | "message-test" | "message-send" | null {
  return value === "message-preview" || value === "message-test" || value === "message-send" ? value : null;
}

/** The notice after a Send: how many emails were queued. */
export function sentNotice(count: number) {
  return {
    type: "success" as const,
    title: "Message sent",
    description: `Queued for ${count} ${count === 1 ? "address" : "addresses"}, one email each.`,
  };
}

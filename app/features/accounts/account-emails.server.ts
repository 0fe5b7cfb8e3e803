import { env } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { queueEmail } from "~/features/email/outbox.server";

/** The link in a reset email: /auth in Set New Password mode, holding the single-use token. */
export function resetLink(token: string): string {
  return `${env().PUBLIC_URL}/auth?reset=true&token=${encodeURIComponent(token)}`;
}

/** Queues the password-reset email (through the outbox, so a mail outage cannot lose it). */
export async function queueResetEmail(db: Database, input: { email: string; token: string }) {
  const { SITE_NAME } = env();
  const link = resetLink(input.token);
  const text = [
    `Someone asked to reset the password of your ${SITE_NAME} account (${input.email}).`,
    "",
    `Set a new password here (the link works once, within one hour):`,
    link,
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<p>Someone asked to reset the password of your ${escapeHtml(SITE_NAME)} account (${escapeHtml(input.email)}).</p>
<p><a href="${escapeHtml(link)}">Set a new password</a> (the link works once, within one hour).</p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  await queueEmail(db, { to: input.email, subject: `Reset your ${SITE_NAME} password`, text, html });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

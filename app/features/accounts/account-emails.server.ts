import { env } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";

/** The link in a reset email: /auth in Set New Password mode, holding the single-use token. */
export function resetLink(token: string): string {
  return `${env().PUBLIC_URL}/auth?reset=true&token=${encodeURIComponent(token)}`;
}

/** Queues the password-reset email (through the outbox, so a mail outage cannot lose it). */
export async function queueResetEmail(db: Database, input: { email: string; token: string }) {
  const { SITE_NAME } = env();
  const { html, text } = renderEmail({
    title: `Reset your ${SITE_NAME} password`,
    intro: [`Someone asked to reset the password of your ${SITE_NAME} account (${input.email}).`],
    action: { label: "Set a new password (the link works once, within one hour)", url: resetLink(input.token) },
    footer: "If you did not ask for this, ignore this email: your password stays as it is.",
  });
  await queueEmail(db, { to: input.email, subject: `Reset your ${SITE_NAME} password`, text, html, sensitive: true });
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { tryReadForm } from "~/core/form.server";
import { caughtByHoneypot } from "~/core/honeypot";
import { logger } from "~/core/logger.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { limitedAnswer } from "~/core/too-many";
import { takeRateLimit } from "~/db/rate-limit.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { entriesUrl, entryLinksFor } from "./link.server";
import { RESEND_ANSWER, resendSchema, type ResendAnswer } from "./resend";

/** Requests one client address may make per hour: enough for a typo or two. */
export const RESEND_PER_ADDRESS = { max: 5, windowSeconds: 60 * 60 };
/** Emails one mailbox gets per day, whoever asks: the form cannot flood an inbox. */
export const RESEND_PER_RECIPIENT = { max: 3, windowSeconds: 24 * 60 * 60 };

/**
 * "Send my link again" (decision 0047): the links of every paid order with entries made with the address go to that
 * address, and only there. The answer is the same whether or not it has orders, so the form tells a stranger nothing.
 */
export async function handleResend(request: Request, context: Readonly<RouterContextProvider>) {
  const reply = (body: ResendAnswer, status = 200, headers?: HeadersInit) => data(body, { status, headers });
  const read = await tryReadForm(request, { maxBytes: 8 * 1024 });
  if (!read.ok) return reply({ status: "error", message: read.message }, read.status);
  if (caughtByHoneypot(read.form)) return reply({ status: "sent", message: RESEND_ANSWER });
  const submission = parseWithZod(read.form, { schema: resendSchema });
  if (submission.status !== "success") return reply({ status: "invalid", result: submission.reply() }, 400);
  const db = getDb(context);
  const address = context.get(requestInfoContext).clientAddress ?? "unknown";
  const allowance = await takeRateLimit(db, `entries-resend:ip:${address}`, RESEND_PER_ADDRESS);
  if (!allowance.allowed) {
    const limited = limitedAnswer(
      allowance,
      (wait) => `You have asked several times in a short time. Please try again in ${wait}.`,
    );
    return reply({ status: "error", message: limited.message }, limited.status, limited.headers);
  }
  const email = submission.value.email.toLowerCase();
  // Past the per-recipient limit the answer stays the same and nothing is sent.
  const recipient = await takeRateLimit(db, `entries-resend:to:${email}`, RESEND_PER_RECIPIENT);
  if (recipient.allowed) {
    const tokens = await entryLinksFor(db, email);
    if (tokens.length > 0) {
      const { html, text } = renderEmail({
        title: "Your tournament entries",
        intro: [
          "You asked for the link to your tournament entries. Each link below opens one order's entries: see them, and change them until registration closes.",
          ...tokens.map((token, index) => `Order ${index + 1}: ${entriesUrl(token)}`),
          "If you did not ask for this, you can ignore this email: the links are private to this address.",
        ],
      });
      await queueEmail(db, { to: email, subject: "Your tournament entries", html, text, secrets: tokens });
      logger.info({ links: tokens.length }, "entries links sent again");
    }
  }
  return reply({ status: "sent", message: RESEND_ANSWER });
}

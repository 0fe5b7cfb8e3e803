import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { env } from "~/core/env.server";
import { tryReadForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { retryAfterHeader, takeRateLimit } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import type { ContactActionData } from "./action-data";
import { saveContactMessage } from "./contact.server";
import { contactFailedNotice, rateLimitedMessage } from "./notices";
import { caughtByHoneypot } from "~/core/honeypot";
import { contactSchema } from "./schema";
import { judgeFormPath } from "~/features/judges/paths";

/** Far above any real message (every field at its maximum is about 6 kB). */
const MAX_BODY_BYTES = 64 * 1024;

const reply = (body: ContactActionData, status = 200) => data(body, { status });

/**
 * The contact form's action, used by the dialog on any page (a fetcher
 * posting to /contact) and by the plain form on /contact without JavaScript.
 * Bad input gets a 4xx with its messages; nothing is saved unless it is valid.
 */
export async function handleContactSubmission(request: Request, context: Readonly<RouterContextProvider>) {
  if (request.method !== "POST") return reply({ status: "error", message: "Send the form with POST." }, 405);
  const read = await tryReadForm(request, { maxBytes: MAX_BODY_BYTES });
  if (!read.ok) {
    const message = read.status === 413 ? "Your message is too long to send." : read.message;
    return reply({ status: "error", message }, read.status);
  }
  const formData = read.form;

  const log = logger.child({ requestId: context.get(requestInfoContext).requestId });
  if (caughtByHoneypot(formData)) {
    // A bot filled the field people never see: answer as if sent, keep nothing.
    log.warn("contact form honeypot filled; message dropped");
    return reply({ status: "success", result: { status: "success", initialValue: null } });
  }

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return reply({ status: "invalid", result: submission.reply() }, 400);
  }

  const config = env();
  const db = getDb(context);
  const clientAddress = context.get(requestInfoContext).clientAddress ?? "unknown";
  const allowance = await takeRateLimit(db, `contact:ip:${clientAddress}`, {
    max: config.CONTACT_RATE_LIMIT_MAX,
    windowSeconds: config.CONTACT_RATE_LIMIT_WINDOW_MINUTES * 60,
  }).catch((error: unknown) => {
    // The limit protects the inbox; it must not stop a real message when its table is unavailable.
    log.error({ err: error }, "contact rate limit check failed");
    return { allowed: true as const };
  });
  if (!allowance.allowed) {
    log.warn({ retryAfterSeconds: allowance.retryAfterSeconds }, "contact form rate limit reached");
    const message = rateLimitedMessage(allowance.retryAfterSeconds, config.CONTACT_EMAIL);
    return data<ContactActionData>(
      { status: "error", message, result: submission.reply({ formErrors: [message] }) },
      { status: 429, headers: retryAfterHeader(allowance) },
    );
  }

  try {
    const saved = await saveContactMessage(db, submission.value, {
      to: config.CONTACT_NOTIFY_EMAILS,
      siteName: config.SITE_NAME,
      dashboardUrl: `${config.PUBLIC_URL}/contact-submissions`,
    });
    log.info({ contactId: saved.id, emailId: saved.emailId }, "contact message saved");
  } catch (error) {
    log.error({ err: error }, "contact message could not be saved");
    const message = contactFailedNotice.description;
    return reply({ status: "error", message, result: submission.reply({ formErrors: [message] }) }, 503);
  }
  // Someone offering to judge is answered with the judge form, where they name themselves (decision 0045).
  const judgeForm = submission.value.inquiryPurpose === "judge-tournaments" ? judgeFormPath() : undefined;
  return reply({
    status: "success",
    result: submission.reply({ resetForm: true }),
    ...(judgeForm ? { judgeForm } : {}),
  });
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import type { ContactActionData } from "./action-data";
import { saveContactMessage } from "./contact.server";
import { contactFailedNotice, rateLimitedMessage } from "./notices";
import { takeContactAllowance } from "./rate-limit.server";
import { contactSchema, honeypotField } from "./schema";

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
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) {
    return reply({ status: "error", message: "Your message is too long to send." }, 413);
  }

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return reply({ status: "error", message: "The form could not be read. Please try again." }, 400);
  }

  const log = logger.child({ requestId: context.get(requestInfoContext).requestId });
  const trap = formData.get(honeypotField);
  if (trap !== null && trap !== "") {
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
  const allowance = await takeContactAllowance(db, context.get(requestInfoContext).clientAddress, {
    max: config.CONTACT_RATE_LIMIT_MAX,
    windowMinutes: config.CONTACT_RATE_LIMIT_WINDOW_MINUTES,
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
      { status: 429, headers: { "Retry-After": String(allowance.retryAfterSeconds) } },
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
  return reply({ status: "success", result: submission.reply({ resetForm: true }) });
}

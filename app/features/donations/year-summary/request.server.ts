import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { tryReadForm } from "~/core/form.server";
import { caughtByHoneypot } from "~/core/honeypot";
import { logger } from "~/core/logger.server";
import { limitedAnswer } from "~/core/too-many";
import { takeRateLimit } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { donationSettings } from "../settings.server";
import { defaultSummaryYear, normalizeEmail, summaryYears } from "./summary";
import { summaryRequestAnswer, summaryRequestSchema, type SummaryRequestData } from "./schema";
import { sendGivingSummary } from "./summaries.server";

/** Requests one address (the client's) may make: enough for a typo or two. */
export const SUMMARY_REQUESTS_PER_ADDRESS = { max: 5, windowSeconds: 60 * 60 };
/** Summaries one mailbox gets on request per day, whoever asks: the form cannot flood an inbox. */
export const SUMMARIES_PER_RECIPIENT = { max: 3, windowSeconds: 24 * 60 * 60 };

const MAX_BODY_BYTES = 8 * 1024;

const reply = (body: SummaryRequestData, status = 200, headers?: HeadersInit) => data(body, { status, headers });

/**
 * "Email me my giving summary" (decision 0034). The answer is the same whether or not the address gave that
 * year, and the summary only ever goes to the address typed, so the form tells a stranger nothing.
 */
export async function handleSummaryRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  now = new Date(),
) {
  if (request.method !== "POST") return reply({ status: "error", message: "Send the form with POST." }, 405);
  const read = await tryReadForm(request, { maxBytes: MAX_BODY_BYTES });
  if (!read.ok) return reply({ status: "error", message: read.message }, read.status);
  const form = read.form;
  const info = context.get(requestInfoContext);
  const log = logger.child({ requestId: info.requestId });

  if (caughtByHoneypot(form)) {
    // A bot filled the field people never see: answer as if sent, send nothing.
    log.warn("giving summary honeypot filled; request dropped");
    const year = defaultSummaryYear(now);
    return reply({ status: "sent", message: summaryRequestAnswer(year), year });
  }

  const submission = parseWithZod(form, { schema: summaryRequestSchema(summaryYears(now)) });
  if (submission.status !== "success") return reply({ status: "invalid", result: submission.reply() }, 400);
  const year = submission.value.year ?? defaultSummaryYear(now);
  const email = normalizeEmail(submission.value.email);

  const db = getDb(context);
  const allowance = await takeRateLimit(
    db,
    `giving-summary:ip:${info.clientAddress ?? "unknown"}`,
    SUMMARY_REQUESTS_PER_ADDRESS,
    now,
  );
  if (!allowance.allowed) {
    log.warn({ retryAfterSeconds: allowance.retryAfterSeconds }, "giving summary request limit reached");
    const { message, status, headers } = limitedAnswer(
      allowance,
      (wait) =>
        `You have asked for several summaries in a short time. Please wait ${wait} and try again, or email us at ${donationSettings().contactEmail}.`,
    );
    return reply({ status: "error", message, result: submission.reply({ formErrors: [message] }) }, status, headers);
  }

  // Past the per-recipient limit the answer stays the same and nothing is sent.
  const recipient = await takeRateLimit(db, `giving-summary:to:${email}`, SUMMARIES_PER_RECIPIENT, now);
  if (recipient.allowed) {
    try {
      const outcome = await sendGivingSummary(db, { email, year, source: "request" });
      if (outcome.sent)
        log.info(
          { year, gifts: outcome.summary.gifts.length, corrected: outcome.corrected },
          "giving summary queued on request",
        );
    } catch (error) {
      log.error({ err: error }, "giving summary could not be queued");
      const message = "Your summary could not be sent just now. Please try again in a few minutes.";
      return reply({ status: "error", message, result: submission.reply({ formErrors: [message] }) }, 503);
    }
  } else {
    log.warn({ year }, "giving summary recipient limit reached; nothing sent");
  }
  return reply({ status: "sent", message: summaryRequestAnswer(year), year });
}

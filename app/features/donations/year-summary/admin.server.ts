import { data } from "react-router";
import { logger } from "~/core/logger.server";
import { retryAfterHeader, takeRateLimit, type RateLimitRule } from "~/db/rate-limit.server";
import { redirectWithToast } from "~/core/toast.server";
import { z } from "~/core/zod";
import type { Database } from "~/db/client.server";
import { writeAudit } from "~/features/accounts/audit.server";
import type { SessionUser } from "~/features/accounts/guards.server";
import { donationSettings } from "../settings.server";
import { defaultSummaryYear, givingSummaryEmail, normalizeEmail, summaryYears } from "./summary";
import { summariesHref } from "./rules";
import { listSentSummaries, previewGivingSummary, sendGivingSummary } from "./summaries.server";

function querySchema(years: number[], fallbackYear: number) {
  return z.object({
    email: z.string().trim().max(254).pipe(z.email()).transform(normalizeEmail).optional().catch(undefined),
    year: z.coerce
      .number()
      .int()
      .refine((year) => years.includes(year))
      .catch(fallbackYear),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
  });
}

/**
 * The staff page (decision 0034): a donor's summary for a year as it stands (the gifts and the email it would
 * send), and the summaries sent, newest first, with who sent each. Staff roles, like the donations dashboard (the
 * route guards).
 */
export async function givingSummariesPage(db: Database, url: URL, now = new Date()) {
  const years = summaryYears(now);
  const params = url.searchParams;
  const query = querySchema(years, defaultSummaryYear(now)).parse({
    email: params.get("email") || undefined,
    year: params.get("year") ?? undefined,
    page: params.get("page") ?? 1,
  });
  const typed = params.get("email")?.slice(0, 254) ?? "";
  const [preview, sent] = await Promise.all([
    query.email ? previewGivingSummary(db, query.email, query.year) : null,
    listSentSummaries(db, { page: query.page }),
  ]);
  const email = preview && preview.gifts.length > 0 ? givingSummaryEmail(preview, donationSettings()) : null;
  return {
    years,
    year: query.year,
    typed,
    invalidEmail: typed !== "" && !query.email,
    preview,
    emailPreview: email ? { subject: email.subject, text: email.text } : null,
    sent,
  };
}

const sendSchema = z.object({ email: z.string().trim().max(254).pipe(z.email()), year: z.coerce.number().int() });

/**
 * Staff sends: any staff role may still send (a donor who calls asks whoever answers), but
 * limited per staff member and per donor, and each send is in the audit log (decision 0037). The summary only
 * ever goes to the donor's own address; the limits keep one account, or a stolen session, from flooding donors.
 */
export const staffSummaryLimits = {
  perStaffMember: { max: 20, windowSeconds: 60 * 60 },
  perDonor: { max: 3, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const waitWords = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes >= 90 ? `about ${Math.round(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/** Sends the previewed summary to the donor's address, recorded as sent by this staff member. */
export async function sendSummaryAsStaff(db: Database, user: SessionUser, form: FormData, now = new Date()) {
  const parsed = sendSchema.safeParse({ email: form.get("email"), year: form.get("year") });
  if (!parsed.success || !summaryYears(now).includes(parsed.data.year)) {
    return data({ error: "Choose a valid email address and one of the years listed." }, { status: 400 });
  }
  const { email, year } = parsed.data;
  const perStaff = await takeRateLimit(db, `giving-summary:staff:${user.id}`, staffSummaryLimits.perStaffMember, now);
  if (!perStaff.allowed) {
    return data(
      {
        error: `You have sent ${staffSummaryLimits.perStaffMember.max} summaries in the last hour. Please wait ${waitWords(perStaff.retryAfterSeconds)} and try again.`,
      },
      { status: 429, headers: retryAfterHeader(perStaff) },
    );
  }
  const perDonor = await takeRateLimit(
    db,
    `giving-summary:staff-to:${normalizeEmail(email)}`,
    staffSummaryLimits.perDonor,
    now,
  );
  if (!perDonor.allowed) {
    return data(
      {
        error: `${normalizeEmail(email)} was already sent ${staffSummaryLimits.perDonor.max} summaries by staff today. Please wait ${waitWords(perDonor.retryAfterSeconds)}.`,
      },
      { status: 429, headers: retryAfterHeader(perDonor) },
    );
  }
  const outcome = await sendGivingSummary(db, { email, year, source: "staff", actorEmail: user.email });
  const back = summariesHref(normalizeEmail(email), year);
  if (!outcome.sent) {
    return redirectWithToast(back, {
      type: "info",
      title: "Nothing sent",
      description: `No gifts to list from ${email} in ${year}.`,
    });
  }
  await writeAudit(db, {
    actor: user,
    action: "donation.summary_send",
    target: { id: null, email: normalizeEmail(email) },
    details: { year, gifts: outcome.summary.gifts.length, corrected: outcome.corrected },
  });
  logger.info(
    { year, gifts: outcome.summary.gifts.length, corrected: outcome.corrected, actor: user.email },
    "giving summary sent by staff",
  );
  return redirectWithToast(back, {
    type: "success",
    title: outcome.corrected ? "Corrected summary sent" : "Summary sent",
    description: `The ${year} giving summary is on its way to ${normalizeEmail(email)}.`,
  });
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { tryReadForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { retryAfterHeader, takeRateLimit } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/context";
import type { OpenCheckoutResult } from "~/features/payments/checkout/checkout.server";
import type { DonateActionData } from "./action-data";
import { donationCheckout, type DonationCheckoutInput } from "./donation-checkout";
import { donationFailedMessage, rateLimitedMessage } from "./notices";
import { caughtByHoneypot } from "~/core/honeypot";
import { donationSchema } from "./schema";
import { donationSettings } from "./settings.server";
import { openMonthlyCheckout } from "./monthly/gifts.server";

/** The payments module's openCheckout, as far as a donation uses it. */
export type OpenCheckout = (db: Database, input: DonationCheckoutInput) => Promise<OpenCheckoutResult>;
/** The open campaign a form's `campaign` field names, checked on the server (decision 0035); null: a general gift. */
export type FindCampaign = (db: Database, slug: unknown) => Promise<{ id: string; name: string } | null>;

const reply = (body: DonateActionData, init?: number | ResponseInit) =>
  data(body, typeof init === "number" ? { status: init } : init);

/**
 * The /donate action: check the form, count the attempt against the client's
 * limit, then open a donation checkout. A provider session is only ever
 * created for a valid form within the limit. Works the same for a fetcher and
 * for a plain form post without JavaScript.
 */
export async function handleDonation(
  request: Request,
  context: Readonly<RouterContextProvider>,
  openCheckout: OpenCheckout,
  {
    openMonthly = openMonthlyCheckout,
    findCampaign,
  }: {
    /** A monthly gift's first month (decision 0033): a recurring checkout with its gift row. */
    openMonthly?: OpenCheckout;
    /** The campaign a gift names (decision 0035); none: every gift is general. */
    findCampaign?: FindCampaign;
  } = {},
) {
  const read = await tryReadForm(request);
  if (!read.ok) return reply({ status: "error", message: donationFailedMessage(read.message) }, read.status);
  const formData = read.form;

  const requestInfo = context.get(requestInfoContext);
  const log = logger.child({ requestId: requestInfo.requestId });
  const settings = donationSettings();
  const submission = parseWithZod(formData, { schema: donationSchema(settings) });

  if (caughtByHoneypot(formData)) {
    // A bot filled the field people never see: no checkout, and nothing that helps it adapt.
    log.warn("donation form honeypot filled; no checkout opened");
    const message = donationFailedMessage("Please try again.");
    return reply({ status: "error", message, result: submission.reply({ formErrors: [message] }) }, 400);
  }

  if (submission.status !== "success") {
    return reply({ status: "invalid", result: submission.reply() }, 400);
  }

  const db = getDb(context);
  const verdict = await takeRateLimit(db, `donation:ip:${requestInfo.clientAddress ?? "unknown"}`, settings.rateLimit);
  if (!verdict.allowed) {
    log.warn({ retryAfterSeconds: verdict.retryAfterSeconds }, "donation rate limit reached");
    const message = rateLimitedMessage(verdict.retryAfterSeconds, settings.contactEmail);
    return reply(
      { status: "error", message, result: submission.reply({ formErrors: [message] }) },
      { status: 429, headers: retryAfterHeader(verdict) },
    );
  }

  // A monthly gift stays general: its later months are recorded without a campaign, so tagging its first month
  // alone would count one month of it in the drive and name the campaign in a summary that repeats every month.
  const campaign = findCampaign && !submission.value.monthly ? await findCampaign(db, formData.get("campaign")) : null;
  const { input, summary } = donationCheckout(submission.value, settings.fee, settings.siteName, campaign);
  let opened: Awaited<ReturnType<OpenCheckout>>;
  try {
    opened = await (submission.value.monthly ? openMonthly : openCheckout)(db, input);
  } catch (error) {
    log.error({ err: error }, "donation checkout could not be opened");
    opened = {
      ok: false,
      status: 503,
      message: "The payment service is not answering. Please try again in a few minutes.",
    };
  }
  if (!opened.ok) {
    log.warn({ status: opened.status, reason: opened.message }, "donation checkout refused");
    // The payments module words its own failures for the shop ("Failed to start checkout: ..."); donors see docs/product.md's.
    const message = donationFailedMessage(opened.message.replace(/^Failed to start checkout:\s*/, ""));
    return reply({ status: "error", message, result: submission.reply({ formErrors: [message] }) }, opened.status);
  }
  log.info(
    {
      checkoutId: opened.checkoutId,
      totalCents: summary.totalCents,
      monthly: Boolean(summary.monthly),
      campaignId: campaign?.id,
    },
    "donation checkout opened",
  );
  return reply({ status: "ready", result: submission.reply(), checkout: { url: opened.url, summary } });
}

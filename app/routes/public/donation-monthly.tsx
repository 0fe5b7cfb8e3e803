import { parseWithZod } from "@conform-to/zod/v4";
import { data, isRouteErrorResponse, redirect, useRouteError, useRouteLoaderData } from "react-router";
import { tryReadForm } from "~/core/form.server";
import { retryAfterHeader } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { amountInputValue } from "~/features/donations/amount";
import { monthlyAmountText } from "~/features/donations/monthly/emails";
import { giftByToken } from "~/features/donations/monthly/gifts.server";
import {
  cancelGift,
  changeAmount,
  pauseGift,
  playSandboxRenewal,
  resumeGift,
  updateCard,
  takeManageAddressLimit,
  takeManageLinkLimit,
  type ManageOutcome,
} from "~/features/donations/monthly/manage.server";
import { MonthlyManagePage, type ManageAnswer } from "~/features/donations/monthly/manage-page";
import { manageSchema } from "~/features/donations/monthly/schema";
import { receiptDate } from "~/features/donations/receipt";
import { donationSettings } from "~/features/donations/settings.server";
import { SANDBOX_NOTICE } from "~/features/payments/sandbox-notice";
import { sandboxEnabled } from "~/features/payments/providers.server";
import { ErrorPage } from "~/features/shell/error-page";
import type { RootData } from "~/features/shell/use-site";
import type { Route } from "./+types/donation-monthly";

/**
 * A donor's monthly gift, at the unguessable link in every monthly receipt: change the amount, pause, resume,
 * cancel (after a confirmation), or update the card (Stripe's billing portal). No sign-in; kept out of search
 * engines, caches and other sites' referrers like the receipt page. Every form works without JavaScript.
 */
// same-origin, not no-referrer: the page posts its own forms, and a browser sends "Origin: null" under
// no-referrer, which the cross-site check refuses. Other sites still never see the token.
const privateHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
};

const STATUS_LABELS = {
  pending: "Being set up",
  active: "Active",
  paused: "Paused",
  past_due: "Card needs updating",
  canceled: "Canceled",
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const gift = await giftByToken(getDb(context), params.token);
  if (!gift) throw data("Monthly gift not found", { status: 404, headers: privateHeaders });
  const settings = donationSettings();
  return data(
    {
      donorName: `${gift.firstName} ${gift.lastName}`,
      status: gift.status,
      statusLabel: STATUS_LABELS[gift.status],
      amountText: monthlyAmountText(gift),
      amount: amountInputValue(gift.amountCents),
      coversFee: gift.feeCents > 0,
      since: gift.startedAt ? receiptDate(gift.startedAt) : null,
      next:
        gift.nextChargeAt && (gift.status === "active" || gift.status === "past_due")
          ? receiptDate(gift.nextChargeAt)
          : null,
      ended: gift.canceledAt ? receiptDate(gift.canceledAt) : null,
      test: gift.provider === "sandbox",
      sandboxPanel:
        gift.provider === "sandbox" && sandboxEnabled() && gift.status !== "canceled" && gift.status !== "pending",
      maxCents: settings.maxCents,
      contactEmail: settings.contactEmail,
      sandboxNotice: SANDBOX_NOTICE,
    },
    { headers: privateHeaders },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders, actionHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

const answer = (body: ManageAnswer, status = 200) => data(body, { status, headers: privateHeaders });
const failed = (description: string): ManageAnswer["notice"] => ({
  type: "error",
  title: "Nothing was changed",
  description,
});

const tooMany = (verdict: { retryAfterSeconds: number }) =>
  data<ManageAnswer>(
    {
      ok: false,
      notice: failed(
        `Too many changes to this monthly gift in a short time. Please wait ${Math.ceil(verdict.retryAfterSeconds / 60)} minutes and try again.`,
      ),
    },
    { status: 429, headers: { ...privateHeaders, ...retryAfterHeader(verdict) } },
  );

export async function action({ params, request, context }: Route.ActionArgs) {
  // The body first, like every action: a body that is not a form is a 415/400 whatever the link.
  const read = await tryReadForm(request);
  if (!read.ok) return answer({ ok: false, notice: failed(read.message) }, read.status);
  const db = getDb(context);
  const address = context.get(requestInfoContext).clientAddress ?? "unknown";
  const byAddress = await takeManageAddressLimit(db, address);
  if (!byAddress.allowed) return tooMany(byAddress);
  const gift = await giftByToken(db, params.token);
  if (!gift) throw data("Monthly gift not found", { status: 404, headers: privateHeaders });
  const byLink = await takeManageLinkLimit(db, gift.id);
  if (!byLink.allowed) return tooMany(byLink);
  const settings = donationSettings();
  const submission = parseWithZod(read.form, { schema: manageSchema(settings.maxCents, settings.contactEmail) });
  if (submission.status !== "success") {
    const amountError = submission.error?.amount?.[0];
    // An amount's message shows at its field; anything else was not sent by this page's buttons.
    return answer(
      {
        ok: false,
        notice: amountError ? null : failed("Please choose one of the buttons on this page."),
        result: submission.reply(),
      },
      400,
    );
  }
  const value = submission.value;
  let outcome: ManageOutcome;
  switch (value.intent) {
    case "amount":
      outcome = await changeAmount(db, gift, value.amount);
      break;
    case "pause":
      outcome = await pauseGift(db, gift);
      break;
    case "resume":
      outcome = await resumeGift(db, gift);
      break;
    case "cancel":
      outcome = await cancelGift(db, gift);
      break;
    case "update-card":
      outcome = await updateCard(gift);
      break;
    default: {
      const played = await playSandboxRenewal(db, gift.id, { paid: value.intent === "sandbox-renew" });
      if (played === "not_sandbox") throw data("Not found", { status: 404, headers: privateHeaders });
      const messages: Record<string, string> = {
        recorded: "Test renewal played: this month's gift is recorded and its receipt emailed.",
        duplicate: "That renewal was already recorded.",
        failed: "Test renewal played as declined: the donor was emailed a link to update the card.",
        skipped: "The gift is paused: this month was skipped, nothing charged.",
        not_active: "This gift is not active.",
      };
      outcome = { ok: true, message: messages[played] ?? played, gift };
    }
  }
  if ("redirect" in outcome) return redirect(outcome.redirect, { headers: privateHeaders });
  if (!outcome.ok) return answer({ ok: false, notice: failed(outcome.message) }, outcome.status);
  return answer({
    ok: true,
    notice: { type: "success", title: outcome.message },
    result: submission.reply({ resetForm: value.intent === "amount" }),
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Your monthly gift" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function MonthlyGiftPage({ loaderData, actionData }: Route.ComponentProps) {
  return <MonthlyManagePage gift={loaderData} answer={actionData as ManageAnswer | undefined} />;
}

/**
 * A link that matches nothing is "not found" in this page's words; any other error (the database out of reach, a
 * bug) is the status-aware page every boundary shows, with the request's reference (app/features/shell/error-page.tsx).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRouteLoaderData<RootData>("root")?.requestId;
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPage error={error} requestId={requestId} />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-navy-900">Monthly gift not found</h1>
      <p className="mt-3 text-stone-700">Please check the link in your monthly receipt email.</p>
    </main>
  );
}

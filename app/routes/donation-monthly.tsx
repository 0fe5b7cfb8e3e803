import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { tryReadForm } from "~/core/form.server";
import { formatCents } from "~/core/format";
import { getDb } from "~/db/context";
import { amountInputValue } from "~/features/donations/amount";
import { monthlyAmountText } from "~/features/donations/monthly-emails";
import { giftByToken } from "~/features/donations/monthly.server";
import { cancelGift, changeAmount, pauseGift, playSandboxRenewal, resumeGift, updateCard, type ManageOutcome } from "~/features/donations/monthly-manage.server";
import { manageSchema } from "~/features/donations/monthly-schema";
import { receiptDate } from "~/features/donations/receipt";
import { donationSettings } from "~/features/donations/settings.server";
import { SANDBOX_NOTICE } from "~/features/payments/sandbox-notice";
import { sandboxEnabled } from "~/features/payments/providers.server";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
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

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const gift = await giftByToken(getDb(context), params.token);
  if (!gift) throw data("Monthly gift not found", { status: 404, headers: privateHeaders });
  const confirmCancel = new URL(request.url).searchParams.get("confirm") === "cancel" && gift.status !== "canceled";
  return data(
    {
      donorName: `${gift.firstName} ${gift.lastName}`,
      status: gift.status,
      statusLabel: STATUS_LABELS[gift.status],
      amountText: monthlyAmountText(gift),
      amount: amountInputValue(gift.amountCents),
      coversFee: gift.feeCents > 0,
      since: gift.startedAt ? receiptDate(gift.startedAt) : null,
      next: gift.nextChargeAt && (gift.status === "active" || gift.status === "past_due") ? receiptDate(gift.nextChargeAt) : null,
      ended: gift.canceledAt ? receiptDate(gift.canceledAt) : null,
      test: gift.provider === "sandbox",
      sandboxPanel: gift.provider === "sandbox" && sandboxEnabled() && gift.status !== "canceled" && gift.status !== "pending",
      confirmCancel,
    },
    { headers: privateHeaders },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders, actionHeaders }) => errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb(context);
  const gift = await giftByToken(db, params.token);
  if (!gift) throw data("Monthly gift not found", { status: 404, headers: privateHeaders });
  const read = await tryReadForm(request);
  if (!read.ok) return data({ ok: false, message: read.message, field: null as string | null }, { status: read.status, headers: privateHeaders });
  const settings = donationSettings();
  const submission = parseWithZod(read.form, { schema: manageSchema(settings.maxCents, settings.contactEmail) });
  if (submission.status !== "success") {
    const amountError = submission.error?.amount?.[0];
    return data(
      { ok: false, message: amountError ?? "Please choose one of the buttons on this page.", field: amountError ? "amount" : null },
      { status: 400, headers: privateHeaders },
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
  if (!outcome.ok) return data({ ok: false, message: outcome.message, field: null }, { status: outcome.status, headers: privateHeaders });
  return data({ ok: true, message: outcome.message, field: null }, { headers: privateHeaders });
}

export const meta: Route.MetaFunction = () => [{ title: "Your monthly gift" }, { name: "robots", content: "noindex, nofollow" }];

export default function MonthlyGiftPage({ loaderData: gift, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const rows: Array<[string, string]> = [
    ["Donor", gift.donorName],
    ["Amount", gift.amountText],
    ["Status", gift.statusLabel],
  ];
  if (gift.since) rows.push(["Giving since", gift.since]);
  if (gift.next) rows.push(["Next charge", gift.next]);
  if (gift.ended) rows.push(["Ended", gift.ended]);
  const live = gift.status === "active" || gift.status === "past_due" || gift.status === "paused";
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <article className="rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
        {gift.test ? (
          <p role="note" className="mb-6 rounded-card bg-amber-200 px-4 py-3 font-bold text-stone-900">
            {SANDBOX_NOTICE}
          </p>
        ) : null}
        <p className="text-sm font-bold tracking-[0.12em] text-citron-800 uppercase">Monthly gift</p>
        <h1 className="mt-2 text-3xl font-extrabold text-navy-900">Manage your monthly gift</h1>
        {actionData?.message ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            data-testid="monthly-notice"
            className={actionData.ok ? "mt-6 rounded-card border border-border bg-sand-100 p-4 font-semibold" : "mt-6 rounded-card border border-destructive/40 bg-danger-soft p-4 font-semibold text-destructive"}
          >
            {actionData.message}
          </p>
        ) : null}
        {gift.status === "paused" ? (
          <p className="mt-6 rounded-card border border-border bg-sand-100 p-4" data-testid="paused-note">
            Your gift is paused: nothing is charged until you resume it. Resuming charges again from the next monthly date.
          </p>
        ) : null}
        {gift.status === "past_due" ? (
          <p className="mt-6 rounded-card border border-destructive/40 bg-danger-soft p-4 font-semibold text-destructive">
            Your last monthly charge did not go through. Please update your card.
          </p>
        ) : null}
        <dl className="mt-8 grid gap-3">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 border-b border-border pb-3 sm:grid-cols-[10rem_1fr]">
              <dt className="text-sm text-stone-700">{label}</dt>
              <dd className="font-semibold break-words" data-testid={`monthly-${label.toLowerCase().replace(/\s+/g, "-")}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>

        {gift.confirmCancel ? (
          <section aria-labelledby="confirm-cancel" className="mt-8 rounded-card border border-destructive/40 p-5">
            <h2 id="confirm-cancel" className="text-xl font-bold text-navy-900">
              Cancel your monthly gift?
            </h2>
            <p className="mt-2 text-stone-700">Nothing more will be charged. This cannot be undone; you can always start a new gift on our donation page.</p>
            <Form method="post" className="mt-4 flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={busy}>
                Yes, cancel my monthly gift
              </Button>
              <Link to="?" className="ui-button ui-button-outline ui-button-md">
                Keep my gift
              </Link>
            </Form>
          </section>
        ) : null}

        {live && !gift.confirmCancel ? (
          <div className="mt-8 grid gap-8">
            <Form method="post" className="grid gap-3" aria-labelledby="change-amount">
              <h2 id="change-amount" className="text-xl font-bold text-navy-900">
                Change the amount
              </h2>
              <div className="grid gap-1.5">
                <Label htmlFor="monthly-amount">Monthly gift (USD){gift.coversFee ? ", before the card fee you cover" : ""}</Label>
                <div className="flex flex-wrap gap-3">
                  <Input
                    id="monthly-amount"
                    name="amount"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={gift.amount}
                    required
                    maxLength={20}
                    className="w-40"
                    aria-invalid={actionData?.field === "amount" ? true : undefined}
                    aria-describedby={actionData?.field === "amount" ? "monthly-amount-error" : undefined}
                  />
                  <Button type="submit" name="intent" value="amount" disabled={busy}>
                    Save amount
                  </Button>
                </div>
                {actionData?.field === "amount" ? (
                  <p id="monthly-amount-error" className="text-sm font-semibold text-destructive">
                    {actionData.message}
                  </p>
                ) : null}
              </div>
            </Form>
            <section aria-labelledby="pause-cancel" className="grid gap-3">
              <h2 id="pause-cancel" className="text-xl font-bold text-navy-900">
                Pause, card or cancel
              </h2>
              <Form method="post" className="flex flex-wrap gap-3">
                {gift.status === "paused" ? (
                  <Button type="submit" name="intent" value="resume" variant="accent" disabled={busy}>
                    Resume my gift
                  </Button>
                ) : (
                  <Button type="submit" name="intent" value="pause" variant="outline" disabled={busy}>
                    Pause my gift
                  </Button>
                )}
                {gift.test ? null : (
                  <Button type="submit" name="intent" value="update-card" variant="outline" disabled={busy}>
                    Update my card
                  </Button>
                )}
                <Link to="?confirm=cancel" className="ui-button ui-button-ghost ui-button-md text-destructive">
                  Cancel my monthly gift
                </Link>
              </Form>
            </section>
          </div>
        ) : null}

        {gift.status === "canceled" ? (
          <p className="mt-8 leading-relaxed">
            Your monthly gift has ended. Thank you for your support; your receipts stay valid for your tax records.{" "}
            <Link to="/donate" className="font-semibold text-navy-700 underline">
              Start a new gift
            </Link>
          </p>
        ) : null}
        {gift.status === "pending" ? (
          <p className="mt-8 leading-relaxed">Your first month is still being confirmed. Please reload this page in a minute.</p>
        ) : null}

        {gift.sandboxPanel && !gift.confirmCancel ? (
          <section aria-labelledby="sandbox-panel" className="mt-10 rounded-card border-2 border-dashed border-amber-500 bg-amber-50 p-5">
            <h2 id="sandbox-panel" className="font-bold text-stone-900">
              Test mode: sandbox renewals
            </h2>
            <p className="mt-1 text-sm text-stone-700">Plays what the card provider does each month. No money moves.</p>
            <Form method="post" className="mt-3 flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="sandbox-renew" variant="secondary" disabled={busy}>
                Play next month&apos;s renewal
              </Button>
              <Button type="submit" name="intent" value="sandbox-fail" variant="outline" disabled={busy}>
                Play a declined renewal
              </Button>
            </Form>
          </section>
        ) : null}
        <p className="mt-8 text-sm text-stone-700">Each change is confirmed by email. Amounts are in US dollars; {formatCents(100)} is the smallest monthly gift.</p>
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-navy-900">Monthly gift not found</h1>
      <p className="mt-3 text-stone-700">Please check the link in your monthly receipt email.</p>
    </main>
  );
}

import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import { formatCents } from "~/core/format";
import { Button, buttonVariants } from "~/ui/button";
import { TextField } from "~/ui/conform-fields";
import { CircleAlert, Info } from "lucide-react";
import { Notice } from "~/ui/notice";
import { NoticeBox } from "~/ui/notice-box";
import { PendingButton } from "~/ui/pending-button";
import type { ToastMessage } from "~/ui/toast";
import { DialogLink } from "~/ui/dialog-link";
import { UrlDialog } from "~/ui/url-dialog";
import { useActionResult } from "~/ui/use-action-result";
import { amountFormSchema } from "./schema";

export type ManageAnswer = { ok: boolean; notice: ToastMessage | null; result?: SubmissionResult<string[]> };

export type ManageView = {
  donorName: string;
  status: "pending" | "active" | "paused" | "past_due" | "canceled";
  statusLabel: string;
  amountText: string;
  amount: string;
  coversFee: boolean;
  since: string | null;
  next: string | null;
  ended: string | null;
  test: boolean;
  sandboxPanel: boolean;
  maxCents: number;
  contactEmail: string;
  sandboxNotice: string;
};

export const CONFIRM_PARAM = "confirm";

/**
 * The donor's monthly gift (decision 0033): its facts, the amount form, pause or resume, the card, and cancel
 * behind a confirmation (a dialog with JavaScript, a page section at ?confirm=cancel without it).
 */
export function MonthlyManagePage({ gift, answer }: { gift: ManageView; answer: ManageAnswer | undefined }) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle";
  const sending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { notice } = useActionResult(answer, { read: (a) => ({ ok: a.ok, notice: a.notice }), busy });
  const [form, fields] = useForm({
    id: "monthly-amount",
    lastResult: answer?.result,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: amountFormSchema(gift.maxCents, gift.contactEmail) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { amount: gift.amount },
  });
  // Every form posts to the page without ?confirm=..., so a done change closes the confirmation.
  const action = location.pathname;
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
      <article className="grid gap-6 rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
        {gift.test ? (
          <p role="note" className="rounded-card bg-amber-200 px-4 py-3 font-bold text-stone-900">
            {gift.sandboxNotice}
          </p>
        ) : null}
        <div>
          <p className="text-sm font-bold tracking-[0.12em] text-citron-800 uppercase">Monthly gift</p>
          <h1 className="mt-2 text-3xl font-extrabold text-navy-900">Manage your monthly gift</h1>
        </div>
        <NoticeBox notice={notice} />
        {gift.status === "paused" ? (
          <Notice tone="info" icon={Info} title="Paused" data-testid="paused-note">
            <p>Nothing is charged until you resume your gift. Resuming charges again from the next monthly date.</p>
          </Notice>
        ) : null}
        {gift.status === "past_due" ? (
          <Notice tone="error" icon={CircleAlert} title="Your last monthly charge did not go through">
            <p>
              {gift.test
                ? "Test mode has no card to update; play the next renewal to pay it."
                : "Please update your card."}
            </p>
          </Notice>
        ) : null}
        <dl className="grid gap-3">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 border-b border-border pb-3 sm:grid-cols-[10rem_1fr]">
              <dt className="text-sm text-stone-700">{label}</dt>
              <dd
                className="font-semibold break-words"
                data-testid={`monthly-${label.toLowerCase().replace(/\s+/g, "-")}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>

        {live ? (
          <>
            <Form method="post" action={action} {...getFormProps(form)} className="grid gap-3">
              <h2 className="text-xl font-bold text-navy-900">Change the amount</h2>
              <div className="flex flex-wrap items-end gap-3">
                <TextField
                  field={fields.amount}
                  label={gift.coversFee ? "Monthly gift (USD), before the card fee you cover" : "Monthly gift (USD)"}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={20}
                  required
                  className="w-56"
                />
                <PendingButton pending={sending("amount")} name="intent" value="amount" pendingLabel="Saving">
                  Save amount
                </PendingButton>
              </div>
            </Form>
            <section aria-labelledby="pause-cancel" className="grid gap-3">
              <h2 id="pause-cancel" className="text-xl font-bold text-navy-900">
                Pause, card or cancel
              </h2>
              <Form method="post" action={action} className="flex flex-wrap gap-3">
                {gift.status === "paused" ? (
                  <PendingButton
                    pending={sending("resume")}
                    name="intent"
                    value="resume"
                    variant="accent"
                    pendingLabel="Resuming"
                  >
                    Resume my gift
                  </PendingButton>
                ) : (
                  <PendingButton
                    pending={sending("pause")}
                    name="intent"
                    value="pause"
                    variant="outline"
                    pendingLabel="Pausing"
                  >
                    Pause my gift
                  </PendingButton>
                )}
                {gift.test ? null : (
                  <PendingButton
                    pending={sending("update-card")}
                    name="intent"
                    value="update-card"
                    variant="outline"
                    pendingLabel="Opening"
                  >
                    Update my card
                  </PendingButton>
                )}
                <DialogLink
                  param={CONFIRM_PARAM}
                  value="cancel"
                  hash="confirm-cancel"
                  className={buttonVariants({ variant: "ghost" }) + " text-destructive"}
                >
                  Cancel my monthly gift
                </DialogLink>
              </Form>
            </section>
            <UrlDialog
              param={CONFIRM_PARAM}
              resolve={(value) => (value === "cancel" ? value : null)}
              id="confirm-cancel"
              alert
              title="Cancel your monthly gift?"
              description="Nothing more will be charged. This cannot be undone; you can always start a new gift on our donation page."
            >
              {({ close, mode }) => (
                <Form method="post" action={action} className="flex flex-wrap gap-3">
                  <PendingButton
                    pending={sending("cancel")}
                    name="intent"
                    value="cancel"
                    variant="destructive"
                    pendingLabel="Canceling"
                  >
                    Yes, cancel my monthly gift
                  </PendingButton>
                  {mode === "dialog" ? (
                    <Button type="button" variant="outline" onClick={close}>
                      Keep my gift
                    </Button>
                  ) : (
                    <a href={action} className={buttonVariants({ variant: "outline" })}>
                      Keep my gift
                    </a>
                  )}
                </Form>
              )}
            </UrlDialog>
          </>
        ) : null}

        {gift.status === "canceled" ? (
          <p className="leading-relaxed">
            Your monthly gift has ended. Thank you for your support; your receipts stay valid for your tax records.{" "}
            <a href="/donate" className="font-semibold text-navy-700 underline">
              Start a new gift
            </a>
          </p>
        ) : null}
        {gift.status === "pending" ? (
          <p className="leading-relaxed">
            Your first month is still being confirmed. Please reload this page in a minute.
          </p>
        ) : null}

        {gift.sandboxPanel ? (
          <section
            aria-labelledby="sandbox-panel"
            className="rounded-card border-2 border-dashed border-amber-500 bg-amber-50 p-5"
          >
            <h2 id="sandbox-panel" className="font-bold text-stone-900">
              Test mode: sandbox renewals
            </h2>
            <p className="mt-1 text-sm text-stone-700">Plays what the card provider does each month. No money moves.</p>
            <Form method="post" action={action} className="mt-3 flex flex-wrap gap-3">
              <PendingButton
                pending={sending("sandbox-renew")}
                name="intent"
                value="sandbox-renew"
                variant="secondary"
                disabled={busy}
              >
                Play next month&apos;s renewal
              </PendingButton>
              <PendingButton
                pending={sending("sandbox-fail")}
                name="intent"
                value="sandbox-fail"
                variant="outline"
                disabled={busy}
              >
                Play a declined renewal
              </PendingButton>
            </Form>
          </section>
        ) : null}
        <p className="text-sm text-stone-700">
          Each change is confirmed by email. Amounts are in US dollars; {formatCents(100)} is the smallest monthly gift.
        </p>
      </article>
    </main>
  );
}

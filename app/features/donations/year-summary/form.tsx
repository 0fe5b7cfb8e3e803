import { getFormProps, useForm } from "@conform-to/react";
import { Mail } from "lucide-react";
import { useFetcher } from "react-router";
import { useLazyValidation } from "~/ui/lazy-validation";
import type { ActionOutcome } from "~/ui/action-result";
import { cn } from "~/ui/cn";
import { FormError, SelectField, TextField } from "~/ui/conform-fields";
import { HoneypotField } from "~/ui/honeypot-field";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { useActionResult } from "~/ui/use-action-result";
import { summaryRequestAnchor, summaryRequestPath } from "./rules";
import type { SummaryRequestData } from "./schema";

/** What an answer means to the person who asked (app/ui/use-action-result.ts). */
export function readSummaryAnswer(answer: SummaryRequestData): ActionOutcome {
  if (answer.status === "sent")
    return { ok: true, notice: { type: "success", title: "Request received", description: answer.message } };
  if (answer.status === "error")
    return { ok: false, notice: { type: "error", title: "Not sent", description: answer.message } };
  return { ok: false, notice: null };
}

/**
 * "Email me my giving summary": an address and an optional year (decision 0034). It posts with a fetcher and
 * the answer is a toast; without JavaScript it is a plain form posting to /donate/summary, whose page shows
 * the same answer in place.
 */
export function GivingSummaryForm({
  years,
  defaultYear,
  lastAnswer,
  className,
}: {
  years: number[];
  defaultYear: number;
  /** The answer the page was rendered with (posted without JavaScript). */
  lastAnswer?: SummaryRequestData;
  className?: string;
}) {
  const fetcher = useFetcher<SummaryRequestData>();
  const answer = fetcher.data ?? lastAnswer;
  const submitting = fetcher.state !== "idle";
  const { onValidate, loadOnUse } = useLazyValidation(() =>
    import("./validate").then((module) => module.summaryRequestValidator(years)),
  );
  const [form, fields] = useForm<{ email: string; year?: string }, { email: string; year?: number }>({
    id: "giving-summary-form",
    lastResult: answer && answer.status !== "sent" ? answer.result : undefined,
    // The prompt (value "") is the default year: last calendar year, the one a tax return needs.
    defaultValue: { year: "" },
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { notice } = useActionResult(answer, { read: readSummaryAnswer, busy: submitting });

  return (
    <fetcher.Form
      method="post"
      // The hash matters only without JavaScript (the fetcher drops it): the answer's page opens at the form.
      action={`${summaryRequestPath}#${summaryRequestAnchor}`}
      {...getFormProps(form)}
      {...loadOnUse}
      className={cn("grid gap-4", className)}
      aria-busy={submitting}
    >
      {notice ? (
        <Notice tone={notice.type} title={notice.title}>
          {notice.description ? <p className="text-navy-900">{notice.description}</p> : null}
        </Notice>
      ) : null}
      <TextField
        field={fields.email}
        label="Email address"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        placeholder="name@example.com"
      />
      <SelectField
        field={fields.year}
        label="Year"
        placeholder={`Last year (${defaultYear})`}
        options={years
          .filter((year) => year !== defaultYear)
          .map((year) => ({ value: String(year), label: String(year) }))}
      />
      <HoneypotField formId={form.id} />
      <FormError id={form.errorId} errors={form.errors} />
      <PendingButton
        pending={submitting}
        icon={<Mail aria-hidden="true" />}
        pendingLabel="Sending"
        variant="outline"
        className="justify-self-start"
      >
        Email me my giving summary
      </PendingButton>
    </fetcher.Form>
  );
}

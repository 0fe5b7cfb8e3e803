import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useLazyValidation } from "~/core/lazy-validation";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Field, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Select } from "~/ui/select";
import { Spinner } from "~/ui/spinner";
import { showToast } from "~/ui/toast";
import { summaryRequestAnchor, summaryRequestPath } from "./year-summary-rules";
import type { SummaryRequestData } from "./year-summary-schema";


/**
 * "Email me my giving summary": an address and a year. It posts with a fetcher and shows the answer in place;
 * without JavaScript it is a plain form posting to /donate/summary, whose page shows the same answer.
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
    import("./year-summary-validate").then((module) => module.summaryRequestValidator(years)),
  );
  const [form, fields] = useForm({
    id: "giving-summary-form",
    lastResult: answer && answer.status !== "sent" ? answer.result : undefined,
    defaultValue: { year: String(defaultYear) },
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const handled = useRef<SummaryRequestData | undefined>(undefined);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.status === "error") showToast({ type: "error", title: "Not sent", description: data.message });
  }, [fetcher.state, fetcher.data]);

  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: yearKey, ...yearProps } = getSelectProps(fields.year);
  const sent = answer?.status === "sent" ? answer : null;

  return (
    <fetcher.Form
      method="post"
      action={`${summaryRequestPath}#${summaryRequestAnchor}`}
      {...getFormProps(form)}
      {...loadOnUse}
      className={cn("grid gap-4", className)}
      aria-busy={submitting}
    >
      <Field>
        <FieldLabel htmlFor={fields.email.id} required>
          Email address you gave with
        </FieldLabel>
        <Input key={emailKey} {...emailProps} autoComplete="email" maxLength={254} aria-required="true" placeholder="name@example.com" />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </Field>
      <Field>
        <FieldLabel htmlFor={fields.year.id}>Year</FieldLabel>
        <Select key={yearKey} {...yearProps}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </Select>
        <FieldError id={fields.year.errorId} errors={fields.year.errors} />
      </Field>
      {/* People never see this field; bots that fill every input do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor={`${form.id}-website`}>Leave this field empty</label>
        <input id={`${form.id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm font-medium text-destructive">
          {form.errors[0]}
        </p>
      ) : null}
      {sent && !submitting ? (
        <p role="status" className="rounded-lg border border-success/30 bg-success-soft px-4 py-3 text-sm text-navy-900">
          {sent.message}
        </p>
      ) : null}
      <Button type="submit" variant="outline" disabled={submitting} className="justify-self-start">
        {submitting ? <Spinner label="Sending" /> : <Mail aria-hidden="true" />}
        Email me my giving summary
      </Button>
    </fetcher.Form>
  );
}

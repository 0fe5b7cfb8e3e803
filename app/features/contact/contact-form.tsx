import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Send } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import type * as React from "react";
import { useFetcher } from "react-router";
import { useLazyValidation } from "~/core/lazy-validation";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Field, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Select } from "~/ui/select";
import { HoneypotField } from "~/ui/honeypot-field";
import { Spinner } from "~/ui/spinner";
import { Textarea } from "~/ui/textarea";
import { showToast } from "~/ui/toast";
import type { ContactActionData } from "./action-data";
import { contactFailedNotice, contactSentNotice } from "./notices";
import { inquiryPurposes } from "./inquiry-purposes";
import { contactLimits, contactOutcomeAnchor } from "./contact-rules";
import type { ContactInput, ContactMessage } from "./schema";

/** Where every contact form posts, from whichever page it is shown on. */
export const contactActionPath = "/contact";

/**
 * The contact form (SPEC.md sections 3-5). It posts with a fetcher, so it
 * works inside the dialog on any page; without JavaScript it is a plain form
 * posting to /contact, whose page shows the outcome.
 */
export function ContactForm({
  id,
  lastResult,
  onSent,
  cancel,
  className,
}: {
  /** The form element's id (the page form is the `#contact-form` anchor). */
  id?: string;
  /** The page action's answer when the form was posted without JavaScript. */
  lastResult?: SubmissionResult<string[]>;
  onSent?: () => void;
  /** A Cancel control, shown beside the send button (the dialog's). */
  cancel?: React.ReactNode;
  className?: string;
}) {
  const generatedId = useId();
  const fetcher = useFetcher<ContactActionData>();
  const submitting = fetcher.state !== "idle";

  const { onValidate, loadOnUse } = useLazyValidation(() => import("./validate").then((module) => module.validateContact));

  const [form, fields] = useForm<ContactInput, ContactMessage>({
    id: id ?? `contact-${generatedId}`,
    lastResult: fetcher.data?.result ?? lastResult,
    // The select's prompt is its value "": a form reset after a send shows the prompt again, not an empty box.
    defaultValue: { inquiryPurpose: "" },
    onValidate,
    // Messages first appear on Send, then follow the typing. (Validating on blur
    // moved the Send button under a finger already on its way to it.)
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // One notice per answer, once the answer (and the revalidation after it) is in.
  const handled = useRef<ContactActionData | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.status === "success") {
      showToast(contactSentNotice);
      onSent?.();
    } else if (answer.status === "error") {
      showToast({ ...contactFailedNotice, description: answer.message });
    }
  }, [fetcher.state, fetcher.data, onSent]);

  const { key: purposeKey, ...purposeProps } = getSelectProps(fields.inquiryPurpose);
  const { key: commentKey, ...commentProps } = getTextareaProps(fields.comment);

  return (
    <fetcher.Form
      method="post"
      // The hash matters only without JavaScript (the fetcher drops it): the answer's page opens at its form.
      action={`${contactActionPath}#${contactOutcomeAnchor}`}
      {...getFormProps(form)}
      {...loadOnUse}
      className={cn("grid gap-5", className)}
      aria-busy={submitting}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" required autoComplete="name" maxLength={contactLimits.name} />
        <TextField field={fields.school} label="School" autoComplete="organization" maxLength={contactLimits.school} />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={contactLimits.email}
        />
        <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" maxLength={contactLimits.phone} />
      </div>
      <Field>
        <FieldLabel htmlFor={fields.inquiryPurpose.id} required>
          Inquiry purpose
        </FieldLabel>
        <Select key={purposeKey} {...purposeProps} aria-required="true">
          <option value="">Select an inquiry purpose</option>
          {inquiryPurposes.map((purpose) => (
            <option key={purpose.value} value={purpose.value}>
              {purpose.label}
            </option>
          ))}
        </Select>
        <FieldError id={fields.inquiryPurpose.errorId} errors={fields.inquiryPurpose.errors} />
      </Field>
      <Field>
        <FieldLabel htmlFor={fields.comment.id} required>
          Message
        </FieldLabel>
        <Textarea
          key={commentKey}
          {...commentProps}
          rows={5}
          maxLength={contactLimits.comment}
          aria-required="true"
          placeholder="How can we help? If it is urgent, please say so."
        />
        <FieldError id={fields.comment.errorId} errors={fields.comment.errors} />
      </Field>

      <HoneypotField formId={form.id} />

      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm font-medium text-destructive">
          {form.errors[0]}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? <Spinner label="Sending" /> : <Send aria-hidden="true" />}
          {submitting ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** One labelled text input with its message, wired to Conform. */
function TextField({
  field,
  label,
  type = "text",
  required,
  ...props
}: {
  field: FieldMetadata<string | null>;
  label: string;
  type?: "text" | "email" | "tel";
  required?: boolean;
  autoComplete: string;
  maxLength: number;
}) {
  const { key, ...inputProps } = getInputProps(field, { type });
  return (
    <Field>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      <Input key={key} {...inputProps} {...props} aria-required={required ? "true" : undefined} />
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}

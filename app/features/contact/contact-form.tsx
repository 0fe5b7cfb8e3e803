import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Send } from "lucide-react";
import { useId } from "react";
import type * as React from "react";
import { useFetcher } from "react-router";
import { useLazyValidation } from "~/ui/lazy-validation";
import { cn } from "~/ui/cn";
import { FormError, SelectField, TextareaField, TextField } from "~/ui/conform-fields";
import { HoneypotField } from "~/ui/honeypot-field";
import { PendingButton } from "~/ui/pending-button";
import { useActionResult } from "~/ui/use-action-result";
import type { ContactActionData } from "./action-data";
import { contactFailedNotice, contactSentNotice, judgeFormNote } from "./notices";
import { inquiryPurposes } from "./inquiry-purposes";
import { contactLimits, contactOutcomeAnchor } from "./contact-rules";
import type { ContactInput, ContactMessage } from "./schema";

/** Where every contact form posts, from whichever page it is shown on. */
export const contactActionPath = "/contact";

/**
 * The contact form (docs/product.md sections 3-5). It posts with a fetcher, so it
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

  const { onValidate, loadOnUse } = useLazyValidation(() =>
    import("./validate").then((module) => module.validateContact),
  );

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

  // One notice per answer, once the answer (and the revalidation after it) is in. Without JavaScript the page
  // shows the outcome (its success panel, or the form's own message).
  useActionResult(fetcher.data, {
    busy: submitting,
    read: (answer) =>
      answer.status === "success"
        ? {
            ok: true,
            notice: answer.judgeForm
              ? {
                  ...contactSentNotice,
                  description: `${contactSentNotice.description} ${judgeFormNote(answer.judgeForm)}`,
                }
              : contactSentNotice,
          }
        : {
            ok: false,
            notice: answer.status === "error" ? { ...contactFailedNotice, description: answer.message } : null,
          },
    onSuccess: () => onSent?.(),
  });

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
      <SelectField
        field={fields.inquiryPurpose}
        label="Inquiry purpose"
        required
        placeholder="Select an inquiry purpose"
        options={inquiryPurposes}
        hint={
          // Decision 0051: the two pages a judge or a family may be looking for instead of a message.
          <>
            To judge, you can also{" "}
            <a href="/judge" className="font-semibold text-navy-800 underline underline-offset-2">
              name yourself on the judge form
            </a>
            . Already registered?{" "}
            <a href="/entries" className="font-semibold text-navy-800 underline underline-offset-2">
              See or change your entries
            </a>
            .
          </>
        }
      />
      <TextareaField
        field={fields.comment}
        label="Message"
        required
        rows={5}
        maxLength={contactLimits.comment}
        placeholder="How can we help? If it is urgent, please say so."
      />

      <HoneypotField formId={form.id} />

      <FormError id={form.errorId} errors={form.errors} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <PendingButton
          pending={submitting}
          pendingLabel="Sending"
          pendingText="Sending..."
          icon={<Send aria-hidden="true" />}
          size="lg"
        >
          Send Message
        </PendingButton>
      </div>
    </fetcher.Form>
  );
}

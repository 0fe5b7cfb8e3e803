import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { ShoppingCart } from "lucide-react";
import { useEffect, useRef } from "react";
import type * as React from "react";
import { Link, useFetcher } from "react-router";
import { formatShortDate } from "~/features/events/dates";
import type { ScheduleEvent } from "~/features/events/types";
import type { RegistrationKind } from "~/features/products/registration-products";
import { useLazyValidation } from "~/core/lazy-validation";
import { Button } from "~/ui/button";
import { Field, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Select } from "~/ui/select";
import { Spinner } from "~/ui/spinner";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import {
  COMPETITION_EVENTS,
  NO_TOURNAMENTS_MESSAGE,
  registrationLimits,
  scheduleFor,
  usesSchedule,
  VALIDATION_ERROR_TITLE,
} from "./registration-rules";
import type { RegistrationInput, RegistrationOutput } from "./registration-schema";
import type { ShopActionData } from "./action-data";
import { JS_FIELD, REGISTER_PARAM } from "./shop-paths";

/**
 * One registration dialog's form (docs/product.md sections 4 and 5): exactly the
 * fields of its kind. It posts with a fetcher; without JavaScript it is a
 * plain form shown in the page (/fees?register=<id>) that the action answers.
 */
export function RegistrationForm({
  kind,
  productId,
  productName,
  schedule,
  lastResult,
  serverMessage,
  onAdded,
  cancel,
}: {
  kind: RegistrationKind;
  productId: string;
  productName: string;
  schedule: ScheduleEvent[];
  /** The action's answer to a post without JavaScript. */
  lastResult?: SubmissionResult<string[]>;
  serverMessage?: string;
  onAdded?: () => void;
  cancel?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ShopActionData>();
  const submitting = fetcher.state !== "idle";
  const answer = fetcher.data;
  const { onValidate, loadOnUse } = useLazyValidation(() =>
    import("./validate-registration").then((module) => module.registrationValidator(kind)),
  );

  const [form, fields] = useForm<RegistrationInput, RegistrationOutput>({
    id: `register-${kind}`,
    lastResult: (answer && !answer.ok ? answer.result : undefined) ?? lastResult,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // One notice per answer: success closes the dialog, a refusal says why.
  const handled = useRef<ShopActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      showToast(answer.notice);
      onAdded?.();
    } else {
      showToast({ type: "error", title: answer.result ? VALIDATION_ERROR_TITLE : "Could not add to cart", description: answer.message });
    }
  }, [fetcher.state, answer, onAdded]);

  const formProps = getFormProps(form);
  const field = fields as unknown as Record<string, FieldMetadata<string>>;
  const noJsMessage = !hydrated && serverMessage ? serverMessage : null;
  const offered = scheduleFor(kind, schedule);

  // Decision 0026: with no real tournament to choose, the form is closed (the server refuses it too).
  if (usesSchedule(kind) && offered.length === 0) {
    return (
      <div className="grid gap-5">
        <div role="status" className="rounded-lg border border-border bg-navy-50 px-4 py-3 text-sm text-foreground">
          <p className="font-semibold text-navy-900">{NO_TOURNAMENTS_MESSAGE}</p>
          <p className="mt-1">
            See the{" "}
            <Link to="/events" className="font-medium text-navy-800 underline underline-offset-2">
              Event Schedule
            </Link>{" "}
            for what is coming, or{" "}
            <Link to="/contact" className="font-medium text-navy-800 underline underline-offset-2">
              contact us
            </Link>{" "}
            to ask about the next tournament.
          </p>
        </div>
        {cancel ? <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{cancel}</div> : null}
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      action={`/fees?${REGISTER_PARAM}=${encodeURIComponent(productId)}`}
      {...formProps}
      {...loadOnUse}
      onSubmit={(event) => {
        // docs/product.md#5-validation-rules: the first failing message also shows in a "Validation Error" notice.
        // (Before the check has loaded, the action's answer raises the same notice.)
        const submission = onValidate?.({ formData: new FormData(event.currentTarget) });
        const errors = submission && submission.status !== "success" ? submission.error : null;
        const first = errors ? Object.values(errors).flat().find(Boolean) : undefined;
        if (first) showToast({ type: "error", title: VALIDATION_ERROR_TITLE, description: first });
        formProps.onSubmit(event);
      }}
      className="grid gap-5"
      aria-busy={submitting}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}

      {noJsMessage ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm">
          <p className="font-semibold text-destructive">{VALIDATION_ERROR_TITLE}</p>
          <p className="text-foreground">{noJsMessage}</p>
        </div>
      ) : null}

      {kind === "tournamentEntry" || kind === "ylmcStudentEntry" || kind === "ylmunEntry" ? (
        <>
          <TextField field={field.studentName!} label="Student name" autoComplete="off" max={registrationLimits.name.max} />
          <TextField field={field.studentSchool!} label="Student's school" autoComplete="organization" max={registrationLimits.name.max} />
        </>
      ) : null}
      {kind === "judgeFee" || kind === "ylmcSchoolRegistration" ? (
        <TextField field={field.schoolName!} label="School name" autoComplete="organization" max={registrationLimits.name.max} />
      ) : null}
      {kind === "tournamentEntry" || kind === "judgeFee" ? (
        <SelectField
          field={field.scheduleEvent!}
          label={kind === "tournamentEntry" ? "Tournament" : "Event"}
          placeholder={kind === "tournamentEntry" ? "Select a tournament" : "Select an event"}
          options={offered.map((event) => ({ value: event.id, label: `${event.title} (${formatShortDate(event.date)})` }))}
        />
      ) : null}
      {kind === "tournamentEntry" ? (
        <SelectField
          field={field.competitionEvent!}
          label="Competition event"
          placeholder="Select a competition event"
          options={COMPETITION_EVENTS.map((event) => ({ value: event, label: event }))}
        />
      ) : null}
      {kind === "judgeFee" ? (
        <TextField
          field={field.schoolContact!}
          label="School contact (email or phone)"
          autoComplete="email"
          max={registrationLimits.contact.max}
        />
      ) : null}
      {kind === "ylmcSchoolRegistration" ? (
        <TextField field={field.facultyAdvisor!} label="Faculty advisor" autoComplete="off" max={registrationLimits.name.max} />
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" size="lg" variant="accent" disabled={submitting} aria-label={`Add to Cart: ${productName}`}>
          {submitting ? <Spinner label="Adding" /> : <ShoppingCart aria-hidden="true" />}
          Add to Cart
        </Button>
      </div>
    </fetcher.Form>
  );
}

function TextField({
  field,
  label,
  autoComplete,
  max,
}: {
  field: FieldMetadata<string>;
  label: string;
  autoComplete: string;
  max: number;
}) {
  const { key, ...inputProps } = getInputProps(field, { type: "text" });
  return (
    <Field>
      <FieldLabel htmlFor={field.id} required>
        {label}
      </FieldLabel>
      {/* A little over the limit, so the limit's own message can show instead of a silent cut. */}
      <Input key={key} {...inputProps} autoComplete={autoComplete} maxLength={max + 20} aria-required="true" />
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}

function SelectField({
  field,
  label,
  placeholder,
  options,
}: {
  field: FieldMetadata<string>;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  const { key, ...selectProps } = getSelectProps(field);
  return (
    <Field>
      <FieldLabel htmlFor={field.id} required>
        {label}
      </FieldLabel>
      <Select key={key} {...selectProps} aria-required="true">
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}

import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { ShoppingCart } from "lucide-react";
import type * as React from "react";
import { Link, useFetcher } from "react-router";
import { formatShortDate } from "~/features/events/dates";
import type { ScheduleEvent } from "~/features/events/types";
import type { RegistrationKind } from "~/features/products/registration-products";
import { useLazyValidation } from "~/ui/lazy-validation";
import { SelectField, TextField } from "~/ui/conform-fields";
import { Notice } from "~/ui/notice";
import { NoticeBox } from "~/ui/notice-box";
import { PendingButton } from "~/ui/pending-button";
import { showToast } from "~/ui/toast";
import { useActionResult } from "~/ui/use-action-result";
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
 * plain form shown in the page (/fees?register=<id>, decision 0032) that the
 * action answers.
 */
export function RegistrationForm({
  kind,
  productId,
  productName,
  schedule,
  actionData,
  onAdded,
  cancel,
}: {
  kind: RegistrationKind;
  productId: string;
  productName: string;
  schedule: ScheduleEvent[];
  /** The page action's answer (a post without JavaScript, or before the scripts started). */
  actionData?: ShopActionData;
  onAdded?: () => void;
  cancel?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ShopActionData>();
  const submitting = fetcher.state !== "idle";
  const answer = fetcher.data ?? actionData;
  const { onValidate, loadOnUse } = useLazyValidation(() =>
    import("./validate-registration").then((module) => module.registrationValidator(kind)),
  );

  const [form, fields] = useForm<RegistrationInput, RegistrationOutput>({
    id: `register-${kind}`,
    lastResult: answer && !answer.ok ? answer.result : undefined,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // One notice per answer: success closes the dialog, a refusal says why (in the page without JavaScript).
  const { notice } = useActionResult(answer, {
    busy: submitting,
    read: (reply) =>
      reply.ok
        ? { ok: true, notice: reply.notice }
        : {
            ok: false,
            notice: {
              type: "error",
              title: reply.result ? VALIDATION_ERROR_TITLE : "Could not add to cart",
              description: reply.message,
            },
          },
    onSuccess: () => onAdded?.(),
  });

  const formProps = getFormProps(form);
  const field = fields as unknown as Record<string, FieldMetadata<string>>;
  const offered = scheduleFor(kind, schedule);

  // Decision 0026: with no real tournament to choose, the form is closed (the server refuses it too).
  if (usesSchedule(kind) && offered.length === 0) {
    return (
      <div className="grid gap-5">
        <Notice tone="info" title={NO_TOURNAMENTS_MESSAGE}>
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
        </Notice>
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

      <NoticeBox notice={notice} />

      {kind === "tournamentEntry" || kind === "ylmcStudentEntry" || kind === "ylmunEntry" ? (
        <>
          <TextField
            field={field.studentName!}
            label="Student name"
            autoComplete="off"
            required
            maxLength={overLimit(registrationLimits.name.max)}
          />
          <TextField
            field={field.studentSchool!}
            label="Student's school"
            autoComplete="organization"
            required
            maxLength={overLimit(registrationLimits.name.max)}
          />
        </>
      ) : null}
      {kind === "judgeFee" || kind === "ylmcSchoolRegistration" ? (
        <TextField
          field={field.schoolName!}
          label="School name"
          autoComplete="organization"
          required
          maxLength={overLimit(registrationLimits.name.max)}
        />
      ) : null}
      {kind === "tournamentEntry" || kind === "judgeFee" ? (
        <SelectField
          required
          field={field.scheduleEvent!}
          label={kind === "tournamentEntry" ? "Tournament" : "Event"}
          placeholder={kind === "tournamentEntry" ? "Select a tournament" : "Select an event"}
          options={offered.map((event) => ({
            value: event.id,
            label: `${event.title} (${formatShortDate(event.date)})`,
          }))}
        />
      ) : null}
      {kind === "tournamentEntry" ? (
        <SelectField
          required
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
          required
          maxLength={overLimit(registrationLimits.contact.max)}
        />
      ) : null}
      {kind === "ylmcSchoolRegistration" ? (
        <TextField
          field={field.facultyAdvisor!}
          label="Faculty advisor"
          autoComplete="off"
          required
          maxLength={overLimit(registrationLimits.name.max)}
        />
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <PendingButton
          pending={submitting}
          pendingLabel="Adding"
          icon={<ShoppingCart aria-hidden="true" />}
          size="lg"
          variant="accent"
          aria-label={`Add to Cart: ${productName}`}
        >
          Add to Cart
        </PendingButton>
      </div>
    </fetcher.Form>
  );
}

/** A little over the limit, so the limit's own message can show instead of a silent cut. */
function overLimit(max: number) {
  return max + 20;
}

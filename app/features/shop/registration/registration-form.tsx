import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { ShoppingCart } from "lucide-react";
import type * as React from "react";
import { Link, useFetcher } from "react-router";
import { formatShortDate } from "~/features/events/dates";
import type { ScheduleEvent } from "~/features/events/types";
import type { RegistrationKind } from "~/features/products/registration-products";
import { useLazyValidation } from "~/ui/lazy-validation";
import { Checkbox } from "~/ui/checkbox";
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
import type { EntryDefaults } from "./remembered";
import type { ShopActionData } from "../action-data";
import { JS_FIELD, REGISTER_PARAM } from "../shop-paths";
import { partnerRule } from "~/features/tournaments/competition-events";
import type { TournamentOffer } from "~/features/tournaments/offer";
import { type MemberSchool, OTHER_SCHOOL } from "~/features/tournaments/schools";

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
  offers = [],
  schools = [],
  actionData,
  defaults,
  onAdded,
  cancel,
}: {
  kind: RegistrationKind;
  productId: string;
  productName: string;
  schedule: ScheduleEvent[];
  /** The open tournaments' closing days, events and full events (decision 0040). */
  offers?: TournamentOffer[];
  /** The member schools the school picker offers. */
  schools?: MemberSchool[];
  /** The page action's answer (a post without JavaScript, or before the scripts started). */
  actionData?: ShopActionData;
  /** An entry form's starting tournament and school (decision 0051: the link's choice, the family's last school). */
  defaults?: EntryDefaults;
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
    defaultValue:
      kind === "tournamentEntry"
        ? defaults
        : kind === "judgeFee"
          ? { scheduleEvent: defaults?.scheduleEvent }
          : undefined,
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
  const chosenOffer = offers.find((offer) => offer.id === field.scheduleEvent?.value);
  const asks = askedBy(hydrated ? chosenOffer : undefined, offers);

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

      {kind === "tournamentEntry" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={field.studentFirst!}
            label="Student's first name"
            autoComplete="off"
            required
            maxLength={overLimit(registrationLimits.name.max)}
          />
          <TextField
            field={field.studentLast!}
            label="Student's last name"
            autoComplete="off"
            required
            maxLength={overLimit(registrationLimits.name.max)}
          />
        </div>
      ) : null}
      {kind === "tournamentEntry" ? (
        <AskedFields
          asks={asks}
          noviceField={field.studentNovice!}
          emailField={field.studentEmail!}
          noviceLabel="The student is a novice"
          emailLabel="Student's own email (optional)"
        />
      ) : null}
      {kind === "ylmcStudentEntry" || kind === "ylmunEntry" ? (
        <TextField
          field={field.studentName!}
          label="Student name"
          autoComplete="off"
          required
          maxLength={overLimit(registrationLimits.name.max)}
        />
      ) : null}
      {kind === "tournamentEntry" ? (
        <SchoolPicker
          codeField={field.schoolCode!}
          nameField={field.studentSchool!}
          codeLabel="Member school"
          nameLabel="Student's school"
          schools={schools}
          hydrated={hydrated}
        />
      ) : null}
      {kind === "ylmcStudentEntry" || kind === "ylmunEntry" ? (
        <TextField
          field={field.studentSchool!}
          label="Student's school"
          autoComplete="organization"
          required
          maxLength={overLimit(registrationLimits.name.max)}
        />
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
          hint={<ClosingDays offers={offers} chosen={hydrated ? chosenOffer : undefined} />}
        />
      ) : null}
      {kind === "tournamentEntry" ? (
        <>
          <SelectField
            required
            field={field.competitionEvent!}
            label="Competition event"
            placeholder="Select a competition event"
            options={eventOptions(hydrated ? chosenOffer : undefined)}
            hint={hydrated && chosenOffer ? null : <FullEvents offers={offers} />}
          />
          {!hydrated || partnerRule(field.competitionEvent!.value) ? (
            <fieldset className="grid gap-4 rounded-md border border-stone-200 p-4">
              <legend className="px-1 text-sm font-semibold text-navy-900">
                Partner{" "}
                <span className="font-normal text-stone-600">
                  {hydrated
                    ? partnerRule(field.competitionEvent!.value) === "optional"
                      ? "(optional in Big Questions)"
                      : "(a team of two)"
                    : "(Public Forum and Policy Debate; optional in Big Questions)"}
                </span>
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField field={field.partnerFirst!} label="Partner's first name" autoComplete="off" maxLength={70} />
                <TextField field={field.partnerLast!} label="Partner's last name" autoComplete="off" maxLength={70} />
              </div>
              <SchoolPicker
                codeField={field.partnerSchoolCode!}
                nameField={field.partnerSchool!}
                codeLabel="Partner's member school"
                nameLabel="Partner's school"
                schools={schools}
                hydrated={hydrated}
                optional
              />
              <AskedFields
                asks={asks}
                noviceField={field.partnerNovice!}
                emailField={field.partnerEmail!}
                noviceLabel="The partner is a novice"
                emailLabel="Partner's own email (optional)"
              />
            </fieldset>
          ) : null}
        </>
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

type Asked = { novice: string[] | null; studentEmail: string[] | null };

/**
 * What the tournament asks besides the names (decision 0046): with a tournament chosen, its questions; before that
 * (and without JavaScript), every question some open tournament asks, with the tournaments that ask it (the server
 * keeps an answer only for a tournament that asks). Null: not asked.
 */
function askedBy(chosen: TournamentOffer | undefined, offers: TournamentOffer[]): Asked {
  if (chosen) return { novice: chosen.asks.novice ? [] : null, studentEmail: chosen.asks.studentEmail ? [] : null };
  const titles = (question: "novice" | "studentEmail") => {
    const asking = offers.filter((offer) => offer.asks[question]).map((offer) => offer.title);
    return asking.length > 0 ? asking : null;
  };
  return { novice: titles("novice"), studentEmail: titles("studentEmail") };
}

/** The novice mark and the student's own email, each when asked; before a choice, says which tournaments ask. */
function AskedFields({
  asks,
  noviceField,
  emailField,
  noviceLabel,
  emailLabel,
}: {
  asks: Asked;
  noviceField: FieldMetadata<string>;
  emailField: FieldMetadata<string>;
  noviceLabel: string;
  emailLabel: string;
}) {
  const only = (titles: string[]) => (titles.length > 0 ? `Only for ${titles.join(", ")}.` : undefined);
  const { key: noviceKey, ...noviceProps } = getInputProps(noviceField, { type: "checkbox" });
  return (
    <>
      {asks.novice ? (
        <div className="flex items-start gap-2">
          <Checkbox key={noviceKey} {...noviceProps} className="mt-0.5" />
          <div className="grid gap-0.5">
            <label htmlFor={noviceField.id} className="text-sm font-medium">
              {noviceLabel}
            </label>
            {only(asks.novice) ? <p className="text-xs text-stone-600">{only(asks.novice)}</p> : null}
          </div>
        </div>
      ) : null}
      {asks.studentEmail ? (
        <TextField
          field={emailField}
          type="email"
          label={emailLabel}
          autoComplete="off"
          maxLength={274}
          hint={only(asks.studentEmail) ?? "Tabroom links the student's own account by it."}
        />
      ) : null}
    </>
  );
}

/** The competition events: all of them, or the chosen tournament's, a full one shown and not choosable. */
function eventOptions(offer: TournamentOffer | undefined) {
  const events = offer ? offer.events : COMPETITION_EVENTS;
  return events.map((event) =>
    offer?.full.includes(event)
      ? { value: event, label: `${event} (full)`, disabled: true }
      : { value: event, label: event },
  );
}

/**
 * "Registration closes Dec 1" for the chosen tournament, or for each one (without JavaScript, before a choice). A list
 * of spans: the hint is a <p>, and a <ul> in it is closed early by the browser's parser, a hydration mismatch (#418).
 */
function ClosingDays({ offers, chosen }: { offers: TournamentOffer[]; chosen: TournamentOffer | undefined }) {
  if (chosen) return <>{chosen.closes}.</>;
  if (offers.length === 0) return null;
  return (
    <span role="list" className="grid gap-0.5">
      {offers.map((offer) => (
        <span role="listitem" key={offer.id}>
          {offer.title}: {offer.closes}.
        </span>
      ))}
    </span>
  );
}

/** The events already full, per tournament (without JavaScript the event list cannot follow the tournament). */
function FullEvents({ offers }: { offers: TournamentOffer[] }) {
  const full = offers.filter((offer) => offer.full.length > 0);
  if (full.length === 0) return null;
  return (
    <span role="list" className="grid gap-0.5">
      {full.map((offer) => (
        <span role="listitem" key={offer.id}>
          Full at {offer.title}: {offer.full.join(", ")}.
        </span>
      ))}
    </span>
  );
}

/**
 * A member school chosen from the list, or Other with the name typed (decision 0040). Without JavaScript both
 * show; with it, the typed name only for Other (or before a choice).
 */
function SchoolPicker({
  codeField,
  nameField,
  codeLabel,
  nameLabel,
  schools,
  hydrated,
  optional,
}: {
  codeField: FieldMetadata<string>;
  nameField: FieldMetadata<string>;
  codeLabel: string;
  nameLabel: string;
  schools: MemberSchool[];
  hydrated: boolean;
  optional?: boolean;
}) {
  const code = codeField.value;
  const typed = !hydrated || !code || code === OTHER_SCHOOL;
  return (
    <>
      {schools.length > 0 ? (
        <SelectField
          field={codeField}
          label={codeLabel}
          placeholder={optional ? "Same as the student's" : "Choose a school"}
          options={[
            ...schools.map((school) => ({ value: school.code, label: school.name })),
            { value: OTHER_SCHOOL, label: "Other (type the name)" },
          ]}
        />
      ) : null}
      {typed ? (
        <TextField
          field={nameField}
          label={nameLabel}
          autoComplete="organization"
          required={!optional}
          hint={schools.length > 0 ? "If the school is not in the list." : undefined}
          maxLength={overLimit(registrationLimits.name.max)}
        />
      ) : null}
    </>
  );
}

/** A little over the limit, so the limit's own message can show instead of a silent cut. */
function overLimit(max: number) {
  return max + 20;
}

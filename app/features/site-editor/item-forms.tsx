import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, Save, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { z } from "~/core/zod";
import { qualifierEvents, specialtyLabels, usStates } from "~/features/content/vocabulary";
import { buttonVariants } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { FormError, SelectField, TextareaField, TextField } from "~/ui/conform-fields";
import { DialogLink } from "~/ui/dialog-link";
import { FieldError } from "~/ui/field";
import { PendingButton } from "~/ui/pending-button";
import { UrlDialog } from "~/ui/url-dialog";
import {
  coachFormSchema,
  itemLimits,
  type ItemKind,
  qualifierFormSchema,
  schoolFormSchema,
  testimonialFormSchema,
} from "./item-form";
import type { EditableCoach, EditableQualifier, EditableSchool, EditableTestimonial } from "./section-page.server";
import { DraftVersionFields } from "./draft-version-fields";

/**
 * The dialogs' parameters (decision 0032): ?coach=<slug>|new, ?school=<slug>|new, ?testimonial=<place>|new,
 * ?qualifier=<place>|new (a testimonial's or qualifier's place in its list, from 0).
 */
export const ITEM_DIALOG_PARAMS = [
  "coach",
  "school",
  "testimonial",
  "qualifier",
] as const satisfies readonly ItemKind[];

type Common = {
  action: string;
  baseVersion: number;
  draftStamp: string;
  result?: SubmissionResult<string[]>;
};

/**
 * A list's add and edit dialogs (decision 0032): a link per item and one to add, each opening the item's form,
 * a page section without JavaScript and a dialog with it; a save goes into the draft.
 */
function ItemDialogs<Item extends { slug: string; name: string }>({
  removeTo,
  param,
  heading,
  noun,
  items,
  note,
  renderForm,
}: {
  /** Where a removal posts (the section's page), with the draft it is based on. */
  removeTo: Omit<Common, "result">;
  param: (typeof ITEM_DIALOG_PARAMS)[number];
  heading: string;
  noun: string;
  items: Item[];
  note?: string;
  renderForm: (item: Item | undefined, cancel: React.ReactNode) => React.ReactNode;
}) {
  const find = (slug: string) => (slug === "new" ? null : (items.find((item) => item.slug === slug) ?? null));
  const removal = (item: Item) => ({ index: items.indexOf(item), name: item.name });
  return (
    <section aria-labelledby={`${param}-list-heading`} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${param}-list-heading`} className="text-lg font-semibold">
          {heading}
        </h2>
        <DialogLink param={param} value="new" hash={`${param}-new`} className={buttonVariants({ variant: "outline" })}>
          <Plus aria-hidden="true" />
          Add a {noun}
        </DialogLink>
      </div>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.slug}>
            <DialogLink
              param={param}
              value={item.slug}
              hash={`${param}-edit`}
              className={buttonVariants({ variant: "ghost", size: "sm" })}
              aria-label={`Edit ${item.name}`}
            >
              <Pencil aria-hidden="true" />
              {item.name}
            </DialogLink>
          </li>
        ))}
      </ul>
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      <UrlDialog
        param={param}
        id={`${param}-new`}
        resolve={(value) => (value === "new" ? "new" : null)}
        title={`Add a ${noun}`}
      >
        {({ cancel }) => renderForm(undefined, cancel)}
      </UrlDialog>
      <UrlDialog param={param} id={`${param}-edit`} resolve={find} title={(item) => `Edit ${item.name}`}>
        {({ item, cancel }) => (
          <>
            {renderForm(item, cancel)}
            <RemoveItemForm {...removeTo} {...removal(item)} noun={noun} />
          </>
        )}
      </UrlDialog>
    </section>
  );
}

/** Add and edit one coach. */
export function CoachForms({ coaches, ...common }: Common & { coaches: EditableCoach[] }) {
  return (
    <ItemDialogs
      removeTo={common}
      param="coach"
      heading="Coaches"
      noun="coach"
      items={coaches}
      renderForm={(coach, cancel) => <CoachForm key={coach?.slug ?? "new"} {...common} coach={coach} cancel={cancel} />}
    />
  );
}

/** Add and edit one member school. */
export function SchoolForms({ schools, ...common }: Common & { schools: EditableSchool[] }) {
  return (
    <ItemDialogs
      removeTo={common}
      param="school"
      heading="Schools"
      noun="school"
      items={schools}
      note="A new school shows the district emblem until a logo is uploaded."
      renderForm={(school, cancel) => (
        <SchoolForm key={school?.slug ?? "new"} {...common} school={school} cancel={cancel} />
      )}
    />
  );
}

/** Add, edit and remove one testimonial of the home page (found by its place in the list). */
export function TestimonialForms({ testimonials, ...common }: Common & { testimonials: EditableTestimonial[] }) {
  return (
    <ItemDialogs
      removeTo={common}
      param="testimonial"
      heading="Testimonials"
      noun="testimonial"
      items={testimonials.map((testimonial, index) => ({
        ...testimonial,
        slug: String(index),
        name: testimonial.author,
      }))}
      renderForm={(testimonial, cancel) => (
        <TestimonialForm key={testimonial?.slug ?? "new"} {...common} testimonial={testimonial} cancel={cancel} />
      )}
    />
  );
}

/** Add, edit and remove one nationals qualifier (found by its place in the list). */
export function QualifierForms({ qualifiers, ...common }: Common & { qualifiers: EditableQualifier[] }) {
  return (
    <ItemDialogs
      removeTo={common}
      param="qualifier"
      heading="Qualifiers"
      noun="qualifier"
      items={qualifiers.map((qualifier, index) => ({ ...qualifier, slug: String(index) }))}
      renderForm={(qualifier, cancel) => (
        <QualifierForm key={qualifier?.slug ?? "new"} {...common} qualifier={qualifier} cancel={cancel} />
      )}
    />
  );
}

function TestimonialForm({
  action,
  baseVersion,
  draftStamp,
  result,
  testimonial,
  cancel,
}: Common & { testimonial?: EditableTestimonial & { slug: string }; cancel: React.ReactNode }) {
  const { fields, frame } = useItemForm(
    "testimonial",
    testimonial?.slug,
    testimonial ? { ...testimonial, classYear: String(testimonial.classYear) } : undefined,
    testimonialFormSchema,
    result,
  );
  return (
    <ItemFormFrame {...frame} action={action} baseVersion={baseVersion} draftStamp={draftStamp} cancel={cancel}>
      <TextareaField field={fields.quote} label="Quote" required rows={5} maxLength={itemLimits.quote + 50} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.author}
          label="Student"
          required
          maxLength={80}
          autoComplete="off"
          hint="First name and last initial: students are minors."
        />
        <TextField
          field={fields.classYear}
          label="Class of"
          required
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
        />
      </div>
      <TextField
        field={fields.school}
        label="School"
        required
        maxLength={itemLimits.schoolName + 10}
        autoComplete="off"
      />
    </ItemFormFrame>
  );
}

function QualifierForm({
  action,
  baseVersion,
  draftStamp,
  result,
  qualifier,
  cancel,
}: Common & { qualifier?: EditableQualifier & { slug: string }; cancel: React.ReactNode }) {
  const { fields, frame } = useItemForm(
    "qualifier",
    qualifier?.slug,
    qualifier ?? undefined,
    qualifierFormSchema,
    result,
  );
  return (
    <ItemFormFrame {...frame} action={action} baseVersion={baseVersion} draftStamp={draftStamp} cancel={cancel}>
      <TextField
        field={fields.name}
        label="Student"
        required
        maxLength={80}
        autoComplete="off"
        hint="First name and last initial: students are minors."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.event}
          label="Event"
          placeholder="Choose the event"
          options={qualifierEvents.map((event) => ({ value: event, label: event }))}
          required
        />
        <TextField
          field={fields.school}
          label="School"
          required
          maxLength={itemLimits.schoolName + 10}
          autoComplete="off"
        />
      </div>
      <TextareaField field={fields.bio} label="Bio" required rows={6} maxLength={itemLimits.qualifierBio + 100} />
      <p className="text-sm text-muted-foreground">
        The bio takes **bold**, *italic*, [links](https://example.org) and lists.
      </p>
    </ItemFormFrame>
  );
}

/** Removes the item from the draft (a plain form post; the name guards against a list that changed meanwhile). */
function RemoveItemForm({
  action,
  baseVersion,
  draftStamp,
  index,
  name,
  noun,
}: Omit<Common, "result"> & { index: number; name: string; noun: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post" action={action} className="mt-4 border-t pt-4">
      <input type="hidden" name="intent" value="remove-item" />
      <input type="hidden" name="index" value={index} />
      <input type="hidden" name="name" value={name} />
      <DraftVersionFields baseVersion={baseVersion} draftStamp={draftStamp} />
      <PendingButton
        pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "remove-item"}
        variant="outline"
        icon={<Trash2 aria-hidden="true" />}
      >
        Remove this {noun} from the draft
      </PendingButton>
    </Form>
  );
}

function CoachForm({
  action,
  baseVersion,
  draftStamp,
  result,
  coach,
  cancel,
}: Common & { coach?: EditableCoach; cancel: React.ReactNode }) {
  const { fields, frame } = useItemForm("coach", coach?.slug, coach ?? undefined, coachFormSchema, result);
  const chosen = new Set(coach?.specialties ?? []);
  return (
    <ItemFormFrame {...frame} action={action} baseVersion={baseVersion} draftStamp={draftStamp} cancel={cancel}>
      <TextField field={fields.name} label="Name" required maxLength={itemLimits.coachName + 10} autoComplete="off" />
      <TextField field={fields.role} label="Role" required maxLength={itemLimits.coachRole + 10} autoComplete="off" />
      <TextareaField field={fields.bio} label="Bio" required rows={8} maxLength={itemLimits.bio + 100} />
      <fieldset
        className="grid gap-2"
        aria-describedby={fields.specialties.errors ? fields.specialties.errorId : undefined}
      >
        <legend className="text-sm font-medium">
          Specialties
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {Object.entries(specialtyLabels).map(([value, label]) => (
            <label key={value} className="flex min-h-8 items-center gap-2 text-sm">
              <Checkbox name={fields.specialties.name} value={value} defaultChecked={chosen.has(value)} />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={fields.specialties.errorId} errors={fields.specialties.errors} />
      </fieldset>
      <p className="text-sm text-muted-foreground">
        The bio takes **bold**, *italic*, [links](https://example.org) and lists. A photo is added under Coach photo.
      </p>
    </ItemFormFrame>
  );
}

function SchoolForm({
  action,
  baseVersion,
  draftStamp,
  result,
  school,
  cancel,
}: Common & { school?: EditableSchool; cancel: React.ReactNode }) {
  const { fields, frame } = useItemForm("school", school?.slug, school ?? undefined, schoolFormSchema, result);
  return (
    <ItemFormFrame {...frame} action={action} baseVersion={baseVersion} draftStamp={draftStamp} cancel={cancel}>
      <TextField field={fields.name} label="Name" required maxLength={itemLimits.schoolName + 10} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.state}
          label="State"
          placeholder="Choose the state"
          options={Object.entries(usStates).map(([value, label]) => ({ value, label }))}
          required
        />
        <TextField field={fields.city} label="City" required maxLength={itemLimits.city + 10} autoComplete="off" />
      </div>
      <TextField
        field={fields.website}
        label="Website"
        required
        type="text"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
      />
      <TextareaField
        field={fields.description}
        label="Description"
        required
        rows={4}
        maxLength={itemLimits.description + 50}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.tabroomName}
          label="Name in Tabroom"
          maxLength={itemLimits.schoolName + 10}
          autoComplete="off"
          hint="Only if Tabroom spells it differently: its entry files name the school so."
        />
        <SelectField
          field={fields.tabroomState}
          label="State in Tabroom"
          placeholder="Same as above"
          options={Object.entries(usStates).map(([value, label]) => ({ value, label }))}
        />
      </div>
    </ItemFormFrame>
  );
}

/** An item form's Conform state (checked in the browser with the action's schema) and what its frame needs. */
function useItemForm<Input extends Record<string, unknown>, Output>(
  kind: ItemKind,
  slug: string | undefined,
  defaultValue: Partial<Record<keyof Input, unknown>> | undefined,
  schema: z.ZodType<Output, Input>,
  result: SubmissionResult<string[]> | undefined,
) {
  const [form, fields] = useForm<Input, Output>({
    id: slug ? `${kind}-form-${slug}` : `${kind}-form-new`,
    lastResult: result,
    defaultValue: defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const frame = { kind, slug, formProps: getFormProps(form), errorId: form.errorId, errors: form.errors };
  return { fields, frame };
}

/** An item form's frame: where it posts (keeping its dialog open on a refusal), its hidden fields, its buttons. */
function ItemFormFrame({
  kind,
  slug,
  action,
  baseVersion,
  draftStamp,
  formProps,
  errorId,
  errors,
  cancel,
  children,
}: {
  kind: ItemKind;
  slug: string | undefined;
  action: string;
  baseVersion: number;
  draftStamp: string;
  formProps: ReturnType<typeof getFormProps>;
  errorId: string;
  errors: string[] | undefined;
  cancel: React.ReactNode;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post" action={`${action}?${kind}=${slug ?? "new"}`} {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="slug" value={slug ?? ""} />
      <DraftVersionFields baseVersion={baseVersion} draftStamp={draftStamp} />
      <FormError id={errorId} errors={errors} />
      {children}
      <div className="flex flex-wrap gap-2">
        <PendingButton
          pending={navigation.state === "submitting" && navigation.formData?.get("intent") === kind}
          icon={<Save aria-hidden="true" />}
        >
          Save to the draft
        </PendingButton>
        {cancel}
      </div>
    </Form>
  );
}

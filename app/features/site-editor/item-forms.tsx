import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, Save } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { specialtyLabels, usStates } from "~/features/content/vocabulary";
import { buttonVariants } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { FormError, SelectField, TextareaField, TextField } from "~/ui/conform-fields";
import { DialogLink } from "~/ui/dialog-link";
import { FieldError } from "~/ui/field";
import { PendingButton } from "~/ui/pending-button";
import { UrlDialog } from "~/ui/url-dialog";
import { coachFormSchema, itemLimits, schoolFormSchema } from "./item-form";
import type { EditableCoach, EditableSchool } from "./section-page.server";

/** The dialogs' parameters (decision 0032): ?coach=<slug>|new, ?school=<slug>|new. */
export const ITEM_DIALOG_PARAMS = ["coach", "school"] as const;

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
  param,
  heading,
  noun,
  items,
  note,
  renderForm,
}: {
  param: (typeof ITEM_DIALOG_PARAMS)[number];
  heading: string;
  noun: string;
  items: Item[];
  note?: string;
  renderForm: (item: Item | undefined, cancel: React.ReactNode) => React.ReactNode;
}) {
  const find = (slug: string) => (slug === "new" ? null : (items.find((item) => item.slug === slug) ?? null));
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
        {({ item, cancel }) => renderForm(item, cancel)}
      </UrlDialog>
    </section>
  );
}

/** Add and edit one coach. */
export function CoachForms({ coaches, ...common }: Common & { coaches: EditableCoach[] }) {
  return (
    <ItemDialogs
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

function CoachForm({
  action,
  baseVersion,
  draftStamp,
  result,
  coach,
  cancel,
}: Common & { coach?: EditableCoach; cancel: React.ReactNode }) {
  const [form, fields] = useForm({
    id: coach ? `coach-${coach.slug}` : "coach-new",
    lastResult: result,
    defaultValue: coach ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: coachFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const chosen = new Set(coach?.specialties ?? []);
  return (
    <ItemFormFrame
      kind="coach"
      slug={coach?.slug}
      action={action}
      baseVersion={baseVersion}
      draftStamp={draftStamp}
      formProps={getFormProps(form)}
      errorId={form.errorId}
      errors={form.errors}
      cancel={cancel}
    >
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
  const [form, fields] = useForm({
    id: school ? `school-${school.slug}` : "school-new",
    lastResult: result,
    defaultValue: school ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schoolFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <ItemFormFrame
      kind="school"
      slug={school?.slug}
      action={action}
      baseVersion={baseVersion}
      draftStamp={draftStamp}
      formProps={getFormProps(form)}
      errorId={form.errorId}
      errors={form.errors}
      cancel={cancel}
    >
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
    </ItemFormFrame>
  );
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
  kind: (typeof ITEM_DIALOG_PARAMS)[number];
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
      <input type="hidden" name="baseVersion" value={baseVersion} />
      <input type="hidden" name="draftStamp" value={draftStamp} />
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

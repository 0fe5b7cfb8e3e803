import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, Save, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { FormError, SelectField, TextareaField, TextField } from "~/ui/conform-fields";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/ui/field";
import { PendingButton } from "~/ui/pending-button";
import { Textarea } from "~/ui/textarea";
import {
  type DocumentSectionKey,
  documentFormSchema,
  documentForms,
  type FieldSpec,
  fieldMessages,
} from "./document-form";
import { DraftVersionFields } from "./draft-version-fields";

type Bound = FieldMetadata<string | null | undefined>;
type AnyField = FieldMetadata<unknown>;
type Fieldset = Record<string, AnyField>;
type Meta = FormMetadata<Record<string, unknown>, string[]>;

const fieldsetOf = (field: AnyField) => (field as FieldMetadata<Record<string, unknown>>).getFieldset() as Fieldset;
const listOf = (field: AnyField) => (field as FieldMetadata<unknown[]>).getFieldList() as AnyField[];

/**
 * A single-document section (mission, dress code, home, contact, footer) as a plain form (document-form.ts): a
 * field per text, each with its message; Add and Remove are Conform's list buttons, which post the form and come
 * back with one item more or less without JavaScript, and act at once with it. Saving puts the section in the draft.
 */
export function DocumentForm({
  sectionKey,
  values,
  action,
  baseVersion,
  draftStamp,
  result,
}: {
  sectionKey: DocumentSectionKey;
  values: Record<string, unknown>;
  action: string;
  baseVersion: number;
  draftStamp: string;
  result?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `document-${sectionKey}`,
    lastResult: result,
    // The document's nested values (Conform types a default value from the form's input, here a record).
    defaultValue: { doc: values as Record<string, string> },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: documentFormSchema(sectionKey), error: fieldMessages }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="fields-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="fields-heading" className="text-lg font-semibold">
        Texts
      </h2>
      <p className="text-sm text-muted-foreground">
        Write {"{siteName}"} for the district&apos;s name, {"{contactEmail}"} and {"{prEmail}"} for its addresses,
        {" {socialUrl}"} for its social media page: the site shows the configured ones.
      </p>
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="document" />
        <DraftVersionFields baseVersion={baseVersion} draftStamp={draftStamp} />
        <FormError id={form.errorId} errors={form.errors} />
        <SpecFields specs={documentForms[sectionKey]} fieldset={fieldsetOf(fields.doc)} form={form as Meta} />
        <div>
          <PendingButton
            pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "document"}
            icon={<Save aria-hidden="true" />}
          >
            Save to the draft
          </PendingButton>
        </div>
      </Form>
    </section>
  );
}

function SpecFields({ specs, fieldset, form }: { specs: readonly FieldSpec[]; fieldset: Fieldset; form: Meta }) {
  return specs.map((spec) => <SpecField key={spec.name} spec={spec} field={fieldset[spec.name]!} form={form} />);
}

function SpecField({ spec, field, form }: { spec: FieldSpec; field: AnyField; form: Meta }) {
  switch (spec.kind) {
    case "text":
      return spec.long ? (
        <TextareaField field={field as Bound} label={spec.label} required={!spec.optional} rows={3} />
      ) : (
        <TextField
          field={field as Bound}
          label={spec.label}
          required={!spec.optional}
          autoComplete="off"
          hint={spec.hint}
        />
      );
    case "choice":
      return (
        <SelectField
          field={field as Bound}
          label={spec.label}
          placeholder="Choose one"
          options={spec.options.map((value) => ({ value, label: value }))}
          required
        />
      );
    case "lines":
      return <LinesField spec={spec} field={field as Bound} />;
    case "group":
      return (
        <fieldset className="grid gap-4 rounded-md border p-3 sm:p-4">
          <legend className="px-1 font-semibold">{spec.label}</legend>
          <SpecFields specs={spec.fields} fieldset={fieldsetOf(field)} form={form} />
        </fieldset>
      );
    case "list":
      return <ListField spec={spec} field={field} form={form} />;
  }
}

/** A list of short texts in one textarea; a message about one of them names its place ("Line 3: ..."). */
function LinesField({ spec, field }: { spec: Extract<FieldSpec, { kind: "lines" }>; field: Bound }) {
  const { key, ...props } = getTextareaProps(field);
  const hintId = `${field.id}-hint`;
  const what = spec.split === "paragraph" ? "Paragraph" : "Line";
  const messages = Object.entries(field.allErrors ?? {}).flatMap(([name, errors]) => {
    const place = /\[(\d+)\]$/.exec(name);
    return errors.map((error) => (place ? `${what} ${Number(place[1]) + 1}: ${error}` : error));
  });
  return (
    <Field>
      <FieldLabel htmlFor={field.id} required>
        {spec.label}
      </FieldLabel>
      <FieldDescription id={hintId}>
        {spec.split === "paragraph" ? "Leave an empty line between paragraphs." : "One per line."}
      </FieldDescription>
      <Textarea
        key={key}
        {...props}
        rows={spec.split === "paragraph" ? 8 : 5}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={[messages.length ? field.errorId : null, hintId].filter(Boolean).join(" ")}
      />
      <FieldError id={field.errorId} errors={messages} />
    </Field>
  );
}

/** A list of items, a fieldset each; Add and Remove where the list may grow (Conform's list buttons). */
function ListField({ spec, field, form }: { spec: Extract<FieldSpec, { kind: "list" }>; field: AnyField; form: Meta }) {
  const items = listOf(field);
  return (
    <fieldset
      className="grid gap-3 rounded-md border p-3 sm:p-4"
      aria-describedby={field.errors ? field.errorId : undefined}
    >
      <legend className="px-1 font-semibold">{spec.label}</legend>
      <FieldError id={field.errorId} errors={field.errors} />
      {items.map((item, index) => (
        <fieldset key={item.key} className="grid gap-3 rounded-md bg-muted/40 p-3">
          <legend className="text-sm font-medium">
            {spec.noun} {index + 1}
          </legend>
          <SpecFields specs={spec.fields} fieldset={fieldsetOf(item)} form={form} />
          {spec.fixed ? null : (
            <div>
              <Button
                variant="outline"
                size="sm"
                {...form.remove.getButtonProps({ name: field.name, index })}
                aria-label={`Remove ${spec.noun.toLowerCase()} ${index + 1}`}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      {spec.fixed || (spec.max !== undefined && items.length >= spec.max) ? null : (
        <div>
          <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name: field.name })}>
            <Plus aria-hidden="true" />
            Add a {spec.noun.toLowerCase()}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

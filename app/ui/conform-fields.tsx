import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type * as React from "react";
import { cn } from "./cn";
import { Field, FieldDescription, FieldError, FieldLabel } from "./field";
import { Input } from "./input";
import { Notice } from "./notice";
import { Select } from "./select";
import { Textarea } from "./textarea";

/**
 * The form fields bound to Conform: a label (with its * when required), the control, an optional hint and the
 * field's first message, wired together with ids and aria attributes. The Conform forms build their fields from these.
 */

type Bound = FieldMetadata<string | null | undefined>;

function describedBy(...ids: Array<string | undefined | false>) {
  return cn(...ids.filter(Boolean)) || undefined;
}

export function TextField({
  field,
  label,
  type = "text",
  required,
  hint,
  maxLength,
  className,
  ...props
}: {
  field: Bound;
  label: React.ReactNode;
  type?: "text" | "email" | "tel";
  required?: boolean;
  hint?: React.ReactNode;
  /** The browser's limit on typing; give a little over the rule's own limit to let its message show. */
  maxLength?: number;
  autoComplete: string;
  className?: string;
} & Omit<React.ComponentProps<"input">, "type" | "maxLength" | "autoComplete">) {
  const { key, ...inputProps } = getInputProps(field, { type });
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <Field className={className}>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      <Input
        key={key}
        {...inputProps}
        {...props}
        maxLength={maxLength}
        aria-required={required ? "true" : undefined}
        aria-describedby={describedBy(inputProps["aria-describedby"], hintId)}
      />
      {hint ? <FieldDescription id={hintId}>{hint}</FieldDescription> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}

export function SelectField({
  field,
  label,
  placeholder,
  options,
  required,
  hint,
  className,
}: {
  field: Bound;
  label: React.ReactNode;
  /** The first option, of value "": the prompt. */
  placeholder: string;
  /** A disabled option is shown and cannot be chosen (an event that is full). */
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
  required?: boolean;
  hint?: React.ReactNode;
  className?: string;
}) {
  const { key, ...selectProps } = getSelectProps(field);
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <Field className={className}>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      <Select
        key={key}
        {...selectProps}
        aria-required={required ? "true" : undefined}
        aria-describedby={describedBy(selectProps["aria-describedby"], hintId)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </Select>
      {hint ? <FieldDescription id={hintId}>{hint}</FieldDescription> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}

export function TextareaField({
  field,
  label,
  required,
  maxLength,
  className,
  ...props
}: {
  field: Bound;
  label: React.ReactNode;
  required?: boolean;
  maxLength?: number;
  className?: string;
} & Omit<React.ComponentProps<"textarea">, "maxLength">) {
  const { key, ...textareaProps } = getTextareaProps(field);
  return (
    <Field className={className}>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      <Textarea
        key={key}
        {...textareaProps}
        {...props}
        maxLength={maxLength}
        aria-required={required ? "true" : undefined}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}

/** A form's own message (not a field's), where Conform puts it: `form.errorId`. */
export function FormError({ id, errors }: { id: string; errors?: readonly string[] | null }) {
  if (!errors?.length) return null;
  return <Notice id={id} tone="error" title={errors[0]} />;
}

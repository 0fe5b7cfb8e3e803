import type * as React from "react";
import { cn } from "./cn";
import { Label } from "./label";

/** A label, a control, an optional hint and its error, stacked. */
export function Field({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="field" className={cn("ui-field", className)} {...props} />;
}

export function FieldLabel({
  required,
  children,
  ...props
}: React.ComponentProps<typeof Label> & { required?: boolean }) {
  return (
    <Label {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </Label>
  );
}

export function FieldDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="field-description" className={cn("ui-field-description", className)} {...props} />;
}

/** The field's messages; nothing rendered when there are none. */
export function FieldError({
  errors,
  className,
  ...props
}: React.ComponentProps<"p"> & { errors?: readonly string[] | string | null }) {
  const list = typeof errors === "string" ? [errors] : (errors ?? []);
  if (list.length === 0) return null;
  return (
    <p data-slot="field-error" className={cn("ui-field-error", className)} {...props}>
      {list[0]}
    </p>
  );
}

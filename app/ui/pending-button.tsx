import type * as React from "react";
import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

/**
 * A form's submit button while its submission is on its way: disabled, a spinner in place of its icon, and
 * `pendingText` (when given) in place of its text.
 */
export function PendingButton({
  pending,
  icon,
  pendingLabel = "Loading",
  pendingText,
  children,
  type = "submit",
  disabled,
  ...props
}: ButtonProps & {
  pending: boolean;
  /** The icon shown when not pending. */
  icon?: React.ReactNode;
  /** The spinner's accessible name. */
  pendingLabel?: string;
  pendingText?: React.ReactNode;
}) {
  return (
    <Button type={type} disabled={pending || disabled} {...props}>
      {pending ? <Spinner label={pendingLabel} /> : (icon ?? null)}
      {pending && pendingText !== undefined ? pendingText : children}
    </Button>
  );
}

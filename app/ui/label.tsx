import type * as React from "react";
import { cn } from "./cn";

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // oxlint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
    <label data-slot="label" className={cn("ui-label", className)} {...props} />
  );
}

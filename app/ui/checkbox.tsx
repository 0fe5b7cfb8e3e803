import type * as React from "react";
import { cn } from "./cn";

/** A native checkbox, so forms post it without JavaScript. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn("size-5 shrink-0 rounded border-input accent-navy-800", className)}
      {...props}
    />
  );
}

import type * as React from "react";
import { cn } from "./cn";

/** The look shared by inputs, selects and text areas (app/ui/primitives.css). */
export const controlClasses = "ui-control";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(controlClasses, "ui-input", className)} {...props} />;
}

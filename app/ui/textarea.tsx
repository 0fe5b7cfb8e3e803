import type * as React from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(controlClasses, "ui-textarea", className)} {...props} />;
}

import type * as React from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlClasses, "min-h-28 py-2.5 leading-relaxed", className)}
      {...props}
    />
  );
}

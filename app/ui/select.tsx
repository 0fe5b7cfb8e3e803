import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

/** A native select: it works without JavaScript and on every phone. */
export function Select({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className="relative">
      <select data-slot="select" className={cn(controlClasses, "ui-select", className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

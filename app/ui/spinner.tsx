import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { cn } from "./cn";

export function Spinner({ className, label = "Loading", ...props }: React.ComponentProps<"svg"> & { label?: string }) {
  return <LoaderCircle role="status" aria-label={label} className={cn("ui-spinner", className)} {...props} />;
}

import type * as React from "react";
import { cn } from "./cn";

/*
 * Rows and cells are styled once, here on the table, rather than on each of
 * them: a dashboard page of 25 rows renders 200 cells, and each would repeat
 * its classes (bytes to send, and work for every render). TableRow and
 * TableCell pass their className through as it is, with nothing to merge.
 */
const tableClasses = [
  "w-full caption-bottom text-sm tabular",
  "[&_tr]:border-b [&_tr]:border-border [&_tbody_tr:hover]:bg-sand-50",
  "[&_td]:px-3 [&_td]:py-2.5 [&_td]:align-middle",
].join(" ");

/** A dense table that scrolls inside its own box on narrow screens. */
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto rounded-card border border-border bg-card">
      <table className={cn(tableClasses, className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("bg-muted [&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow(props: React.ComponentProps<"tr">) {
  return <tr {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      className={cn("h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase", className)}
      {...props}
    />
  );
}

export function TableCell(props: React.ComponentProps<"td">) {
  return <td {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-sm text-muted-foreground", className)} {...props} />;
}

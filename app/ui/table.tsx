import type * as React from "react";
import { cn } from "./cn";

// Rows and cells are styled once, on the table (.ui-table in app/ui/primitives.css),
// rather than on each of them: a dashboard page of 25 rows renders 200 cells, and
// each would repeat its classes. TableRow and TableCell pass their className through.

/** A dense table that scrolls inside its own box on narrow screens. */
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto rounded-card border border-border bg-card"
    >
      <table className={cn("ui-table", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("ui-table-header", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("ui-table-body", className)} {...props} />;
}

export function TableRow(props: React.ComponentProps<"tr">) {
  return <tr {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return <th className={cn("ui-table-head", className)} {...props} />;
}

export function TableCell(props: React.ComponentProps<"td">) {
  return <td {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption className={cn("ui-table-caption", className)} {...props} />;
}

import { Link } from "react-router";
import type { ContactSubmission } from "~/db/schema";
import { formatDate } from "~/core/format";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import { inquiryPurposeLabel } from "~/features/contact/inquiry-purposes";
import { contactHref, type ContactStatusFilter } from "./filters";

type Row = Omit<ContactSubmission, "createdAt" | "handledAt"> & {
  createdAt: string | Date;
  handledAt: string | Date | null;
};

/**
 * The card list, newest first; each card is a link (?id=) so selecting works without JavaScript.
 * Its grids' columns are minmax(0, 1fr) (grid-cols-1): an `auto` column grows to its widest unbroken
 * text, so one long sender name (the form allows 100 characters) made the page scroll sideways on a phone.
 */
export function ContactList({
  rows,
  status,
  page,
  selectedId,
}: {
  rows: Row[];
  status: ContactStatusFilter;
  page: number;
  selectedId: string | null;
}) {
  return (
    <ul className="grid grid-cols-1 gap-2" aria-label="Contact submissions">
      {rows.map((row) => {
        const selected = row.id === selectedId;
        return (
          <li key={row.id}>
            <Link
              to={contactHref({ status, page, id: row.id })}
              aria-current={selected ? "true" : undefined}
              preventScrollReset
              className={cn(
                "grid grid-cols-1 gap-1 rounded-card border bg-card p-3 text-sm shadow-xs transition-colors hover:border-navy-300",
                selected ? "border-navy-600 ring-2 ring-navy-600/30" : "border-border",
              )}
            >
              <span className="flex min-w-0 items-baseline justify-between gap-2">
                <span className="min-w-0 truncate font-semibold text-navy-900" title={row.name}>
                  {row.name}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground tabular">{formatDate(row.createdAt)}</span>
              </span>
              <span className="truncate text-muted-foreground" title={row.school ?? row.email}>
                {row.school ?? row.email}
              </span>
              <span className="line-clamp-2 text-stone-700">{row.comment}</span>
              <span className="flex flex-wrap gap-1.5 pt-1">
                <Badge variant="secondary">{inquiryPurposeLabel(row.inquiryPurpose)}</Badge>
                {row.handledAt ? <Badge variant="success">Handled</Badge> : <Badge variant="warning">Open</Badge>}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

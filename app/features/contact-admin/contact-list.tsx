import { Link } from "react-router";
import type { ContactSubmission } from "~/db/schema";
import { formatDate } from "~/core/format";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import { inquiryPurposeLabel } from "~/features/contact/inquiry-purposes";
import { contactHref, type ContactStatusFilter } from "./filters";

type Row = Omit<ContactSubmission, "createdAt" | "handledAt"> & { createdAt: string | Date; handledAt: string | Date | null };

/** The card list, newest first; each card is a link (?id=) so selecting works without JavaScript. */
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
    <ul className="grid gap-2" aria-label="Contact submissions">
      {rows.map((row) => {
        const selected = row.id === selectedId;
        return (
          <li key={row.id}>
            <Link
              to={contactHref({ status, page, id: row.id })}
              aria-current={selected ? "true" : undefined}
              preventScrollReset
              className={cn(
                "grid gap-1 rounded-card border bg-card p-3 text-sm shadow-xs transition-colors hover:border-navy-300",
                selected ? "border-navy-600 ring-2 ring-navy-600/30" : "border-border",
              )}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate font-semibold text-navy-900">{row.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground tabular">{formatDate(row.createdAt)}</span>
              </span>
              <span className="truncate text-muted-foreground">{row.school ?? row.email}</span>
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

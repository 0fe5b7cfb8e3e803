import { Link } from "react-router";
import { cn } from "~/ui/cn";
import { DashboardHeader, EmptyState, PaginationNav } from "~/ui/dashboard";
import { LinkButton } from "~/ui/link-button";
import type { ContactListing } from "./contact-admin.server";
import { ContactDetails } from "./contact-details";
import { ContactList } from "./contact-list";
import { CONTACT_STATUSES, contactHref, type ContactFilters } from "./filters";
import { LOAD_FAILED_MESSAGE } from "./messages";
import { Notice } from "~/ui/notice";

const statusLabels = { open: "Open", handled: "Handled", all: "All" } as const;

type ViewData =
  | { ok: true; filters: ContactFilters; listing: ContactListing; siteName: string }
  | { ok: false; filters: ContactFilters; siteName: string };

/** /contact-submissions: status tabs, the message list and the opened message (or why there is none). */
export function ContactSubmissionsView({ loaderData, actionError }: { loaderData: ViewData; actionError?: string }) {
  const { filters } = loaderData;
  return (
    <div className="grid gap-5">
      <DashboardHeader title="Contact Submissions" description="Messages from the contact form, newest first." />
      {actionError ? <Notice tone="error" title={actionError} /> : null}
      {loaderData.ok ? (
        <>
          <nav aria-label="Filter by status" className="flex gap-1 rounded-xl bg-muted p-1 sm:w-fit">
            {CONTACT_STATUSES.map((status) => (
              <Link
                key={status}
                to={contactHref({ status })}
                aria-current={filters.status === status ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-lg px-4 text-sm font-semibold sm:flex-none",
                  filters.status === status
                    ? "bg-card text-foreground shadow-xs"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                {statusLabels[status]}
                <span className="tabular text-xs">({loaderData.listing.counts[status]})</span>
              </Link>
            ))}
          </nav>
          {loaderData.listing.counts.all === 0 ? (
            <EmptyState title="No contact submissions yet">
              <p>Messages sent with the contact form appear here.</p>
            </EmptyState>
          ) : (
            // Columns of minmax(0, …) (grid-cols-1 on a phone): a long name or address must not widen the page.
            <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-start">
              <section aria-label="Messages" className="grid grid-cols-1 gap-3">
                {loaderData.listing.rows.length === 0 ? (
                  <EmptyState title={filters.status === "open" ? "No open messages" : "No handled messages"}>
                    <LinkButton to={contactHref({ status: "all" })} variant="outline">
                      Show all messages
                    </LinkButton>
                  </EmptyState>
                ) : (
                  <ContactList
                    rows={loaderData.listing.rows}
                    status={filters.status}
                    page={loaderData.listing.page}
                    selectedId={filters.id}
                  />
                )}
                <PaginationNav
                  page={loaderData.listing.page}
                  pageCount={loaderData.listing.pageCount}
                  label="Message pages"
                />
              </section>
              {/* On a phone the opened message comes first, above the list. */}
              <div className="order-first md:order-none md:sticky md:top-20">
                {loaderData.listing.selected ? (
                  <ContactDetails
                    submission={loaderData.listing.selected}
                    status={filters.status}
                    siteName={loaderData.siteName}
                  />
                ) : (
                  <p className="hidden rounded-card border border-dashed border-input bg-card p-8 text-center text-sm text-muted-foreground md:block">
                    {filters.id ? "That message was not found." : "Select a message to see its details."}
                  </p>
                )}
              </div>
            </div>
          )}
        </>
      ) : (
        <Notice tone="error" title={LOAD_FAILED_MESSAGE} />
      )}
    </div>
  );
}

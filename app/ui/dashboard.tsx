/*
 * The admin dashboards' shared page parts (orders, donations, contact
 * messages, users): title row, CSV download link, empty state, page links,
 * loading spinner and the phone layout of dense tables.
 */
import { ChevronLeft, ChevronRight, Download } from "lucide-react";
import type * as React from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { buttonVariants } from "./button";
import { cn } from "./cn";
import { Spinner } from "./spinner";
import { pageHref } from "~/core/pagination";

/** The title row of a dashboard page: heading, one line of context, and its actions. */
export function DashboardHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

/** A CSV download: a plain link, so it works without JavaScript and the browser saves the file. */
export function ExportLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} download className={buttonVariants({ variant: "outline" })}>
      <Download aria-hidden="true" />
      {children}
    </a>
  );
}

/** An empty list: what is (not) there, and the next step. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-card border border-dashed border-input bg-card px-6 py-12 text-center">
      <p className="text-base font-semibold text-navy-900">{title}</p>
      {children ? (
        <div className="grid justify-items-center gap-3 text-sm text-muted-foreground">{children}</div>
      ) : null}
    </div>
  );
}

/** Previous / next page links that keep the filters; plain links, so they work without JavaScript. */
export function PaginationNav({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const link = (target: number, children: React.ReactNode, rel: string) =>
    target < 1 || target > pageCount ? (
      <span aria-disabled="true" className={cn(buttonVariants({ variant: "outline", size: "sm" }), "opacity-55")}>
        {children}
      </span>
    ) : (
      <Link
        to={pageHref(location.pathname, location.search, target)}
        rel={rel}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        {children}
      </Link>
    );
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground tabular">
        Page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {link(
          page - 1,
          <>
            <ChevronLeft aria-hidden="true" />
            Previous
          </>,
          "prev",
        )}
        {link(
          page + 1,
          <>
            Next
            <ChevronRight aria-hidden="true" />
          </>,
          "next",
        )}
      </div>
    </nav>
  );
}

/** A quiet spinner while a filter, search or refresh is loading (over ~300 ms it is worth showing). */
export function PendingIndicator({ label = "Loading" }: { label?: string }) {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <Spinner label={label} className="size-5 text-navy-600" />;
}

/*
 * Dense tables that turn into stacked rows on phones: under 768 px each cell
 * shows its column name (data-label) beside its value. Styled once on the
 * table rather than on every cell, so a page of rows stays small.
 */
export const stackedTable = [
  "max-md:block max-md:[&_thead]:hidden max-md:[&_tbody]:block",
  "max-md:[&_tbody_tr]:block max-md:[&_tbody_tr]:px-3 max-md:[&_tbody_tr]:py-2",
  "max-md:[&_td]:flex max-md:[&_td]:items-baseline max-md:[&_td]:justify-between max-md:[&_td]:gap-4 max-md:[&_td]:px-0 max-md:[&_td]:py-1 max-md:[&_td]:text-right",
  "max-md:[&_td]:before:shrink-0 max-md:[&_td]:before:text-left max-md:[&_td]:before:text-xs max-md:[&_td]:before:font-semibold max-md:[&_td]:before:tracking-wide max-md:[&_td]:before:text-muted-foreground max-md:[&_td]:before:uppercase max-md:[&_td]:before:content-[attr(data-label)]",
].join(" ");

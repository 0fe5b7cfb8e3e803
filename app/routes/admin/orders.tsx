import { data, Link } from "react-router";
import {
  REFUND_ADMINS_ONLY,
  refundFromDashboard,
  refundLoaderData,
} from "~/features/payments/refunds/refund-action.server";
import { readForm } from "~/core/form.server";
import { useRefunds } from "~/features/payments/refunds/refund-dialog";
import { logger } from "~/core/logger.server";
import { getDb } from "~/db/context";
import { requireAdmin, requireUser } from "~/features/accounts/guards.server";
import { DashboardHeader, EmptyState, ExportLink, PaginationNav } from "~/ui/dashboard";
import { EntriesView } from "~/features/orders/entries-view";
import { groupEntries } from "~/features/orders/entries";
import { filtersQuery, parseOrderFilters, parseOrdersView } from "~/features/orders/filters";
import { formatCents } from "~/core/format";
import { OrdersFilters } from "~/features/orders/orders-filters";
import { entryCounts, listOrders, orderFilterOptions } from "~/features/orders/orders.server";
import { OrdersTable } from "~/features/orders/orders-table";
import { cn } from "~/ui/cn";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/orders";
import { Notice } from "~/ui/notice";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const isAdmin = user.role === "admin";
  const params = new URL(request.url).searchParams;
  const filters = parseOrderFilters(params);
  const view = parseOrdersView(params);
  const db = getDb(context);
  try {
    const [options, listing, entries] = await Promise.all([
      orderFilterOptions(db),
      listOrders(db, filters, { withRows: view === "orders" }),
      view === "entries" ? entryCounts(db, filters) : Promise.resolve([]),
    ]);
    const refund = await refundLoaderData(getDb(context), new URL(request.url), isAdmin, (order) => order.itemName);
    return { ok: true as const, filters, view, options, listing, entries: groupEntries(entries), isAdmin, ...refund };
  } catch (error) {
    logger.error({ err: error }, "orders dashboard failed to load");
    return data({ ok: false as const, filters, view }, { status: 500 });
  }
}

/** Refund (decision 0025): admins only; the form is checked on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, { message: REFUND_ADMINS_ONLY });
  // Not a form (JSON, text, a broken body): 415/400/413 as every other action answers it.
  return refundFromDashboard(getDb(context), admin, await readForm(request));
}

export const meta: Route.MetaFunction = () => [{ title: "View Orders | Admin Dashboard" }];

export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, view } = loaderData;
  const query = filtersQuery(filters);
  const refunds = useRefunds(loaderData.ok ? loaderData : null, actionData?.refund ?? null);
  return (
    <div className="grid gap-5">
      <DashboardHeader title="View Orders" description="Completed orders, newest first.">
        {view === "entries" ? (
          <ExportLink href={`/orders/entries.csv${query}`}>Export entries CSV</ExportLink>
        ) : (
          <ExportLink href={`/orders/export.csv${query}`}>Export CSV</ExportLink>
        )}
      </DashboardHeader>
      <ViewTabs view={view} query={query} />
      {loaderData.ok ? (
        <>
          <OrdersFilters filters={filters} options={loaderData.options} view={view} />
          {refunds.confirmation}
          {loaderData.listing.totalAll === 0 ? (
            <EmptyState title="No orders found">
              <p>Completed shop orders, tournament entries and donations appear here as soon as they are paid.</p>
            </EmptyState>
          ) : loaderData.listing.total === 0 ? (
            <EmptyState title="No orders match your search criteria.">
              <LinkButton to={view === "entries" ? "?view=entries" : "."} variant="outline">
                Clear filters
              </LinkButton>
            </EmptyState>
          ) : view === "entries" ? (
            loaderData.entries.length === 0 ? (
              <EmptyState title="No tournament entries match your search criteria." />
            ) : (
              <EntriesView groups={loaderData.entries} />
            )
          ) : (
            <section aria-labelledby="orders-summary" className="grid gap-3">
              <p id="orders-summary" className="text-sm text-muted-foreground tabular" aria-live="polite">
                {loaderData.listing.total} {loaderData.listing.total === 1 ? "order" : "orders"}
                {loaderData.listing.totalAmount === null
                  ? ""
                  : ` match · ${formatCents(loaderData.listing.totalAmount)} total`}
                {loaderData.listing.refundedAmount
                  ? ` · ${formatCents(loaderData.listing.refundedAmount)} refunded`
                  : ""}
                {loaderData.listing.disputedAmount
                  ? ` · ${formatCents(loaderData.listing.disputedAmount)} disputed`
                  : ""}
                {loaderData.listing.lostAmount
                  ? ` · ${formatCents(loaderData.listing.lostAmount)} lost in disputes`
                  : ""}
              </p>
              <OrdersTable rows={loaderData.listing.rows} onRefund={refunds.onRefund} />
              <PaginationNav
                page={loaderData.listing.page}
                pageCount={loaderData.listing.pageCount}
                label="Orders pages"
              />
            </section>
          )}
        </>
      ) : (
        <Notice
          tone="error"
          title="Failed to load orders. Please refresh the page; if it keeps happening, check the server log."
        />
      )}
    </div>
  );
}

/** Orders or entries: links that keep the filters (not the page), so the choice can be bookmarked. */
function ViewTabs({ view, query }: { view: "orders" | "entries"; query: string }) {
  const tabs = [
    { id: "orders", label: "Orders", to: query || "." },
    { id: "entries", label: "Entries by tournament", to: `${query ? `${query}&` : "?"}view=entries` },
  ] as const;
  return (
    <nav aria-label="Orders views" className="flex gap-1 rounded-xl bg-muted p-1 sm:w-fit">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          aria-current={view === tab.id ? "page" : undefined}
          className={cn(
            "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-4 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground sm:flex-none",
            view === tab.id && "bg-card text-foreground shadow-xs",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

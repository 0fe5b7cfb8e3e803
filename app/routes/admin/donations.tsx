import { RefreshCw, Search } from "lucide-react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
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
import { DonationCards } from "~/features/donations/donation-cards";
import { DonationsChart } from "~/features/donations/donations-chart";
import { listDonations, parseDonationFilters } from "~/features/donations/donations.server";
import { DonationsTable } from "~/features/donations/donations-table";
import { monthlyOverview } from "~/features/donations/monthly/admin.server";
import { MonthlyGiftsSection } from "~/features/donations/monthly/gifts-table";
import { DashboardHeader, EmptyState, ExportLink, PaginationNav, PendingIndicator } from "~/ui/dashboard";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/donations";
import { Notice } from "~/ui/notice";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const isAdmin = user.role === "admin";
  const filters = parseDonationFilters(new URL(request.url).searchParams);
  try {
    const refund = await refundLoaderData(getDb(context), new URL(request.url), isAdmin, () => "the gift");
    const [listing, monthly] = await Promise.all([
      listDonations(getDb(context), filters),
      monthlyOverview(getDb(context)),
    ]);
    return { ok: true as const, filters, listing, monthly, isAdmin, ...refund };
  } catch (error) {
    logger.error({ err: error }, "donations dashboard failed to load");
    return data({ ok: false as const, filters }, { status: 500 });
  }
}

/** Refund (decision 0025): admins only; the form is checked on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, { message: REFUND_ADMINS_ONLY });
  // Not a form (JSON, text, a broken body): 415/400/413 as every other action answers it.
  return refundFromDashboard(getDb(context), admin, await readForm(request));
}

export const meta: Route.MetaFunction = () => [{ title: "View Donations | Admin Dashboard" }];

export default function DonationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const refunds = useRefunds(loaderData.ok ? loaderData : null, actionData?.refund ?? null);
  const { filters } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const refreshing = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const exportQuery = filters.email ? `?${new URLSearchParams({ email: filters.email })}` : "";
  return (
    <div className="grid gap-5">
      <DashboardHeader title="View Donations" description="Completed donations, newest first.">
        {/* A link to this same address: the loader runs again, with or without JavaScript. */}
        <Link
          to={`${location.pathname}${location.search}`}
          className={buttonVariants({ variant: "outline" })}
          preventScrollReset
        >
          <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} />
          Refresh Donations
        </Link>
        <ExportLink href={`/admin/donations/export.csv${exportQuery}`}>Export CSV</ExportLink>
        <Link to="/admin/donations/summaries" className={buttonVariants({ variant: "outline" })}>
          Giving Summaries
        </Link>
      </DashboardHeader>
      {loaderData.ok ? (
        <>
          <DonationCards summary={loaderData.listing.summary} />
          {refunds.confirmation}
          {loaderData.listing.summary.count > 0 ? <DonationsChart months={loaderData.listing.months} /> : null}
          <MonthlyGiftsSection overview={loaderData.monthly} />
          <Form
            key={location.search}
            method="get"
            role="search"
            aria-label="Search donations"
            className="flex flex-wrap items-end gap-2"
          >
            <div className="grid min-w-0 flex-1 gap-2 sm:max-w-md">
              <Label htmlFor="donor-email">Search by donor email</Label>
              <Input
                id="donor-email"
                name="email"
                type="search"
                defaultValue={filters.email}
                placeholder="name@example.com"
                autoComplete="off"
                maxLength={254}
              />
            </div>
            <Button type="submit">
              <Search aria-hidden="true" />
              Search
            </Button>
            {filters.email ? (
              <LinkButton to="/admin/donations" variant="ghost">
                Clear
              </LinkButton>
            ) : null}
            <PendingIndicator label="Loading donations" />
          </Form>
          <p className="text-sm text-muted-foreground tabular" aria-live="polite">
            Showing {loaderData.listing.matching.toLocaleString("en-US")} of{" "}
            {loaderData.listing.summary.count.toLocaleString("en-US")} total donations
          </p>
          {loaderData.listing.summary.count === 0 ? (
            <EmptyState title="No donations found">
              <p>Gifts made on the Donate page appear here once the payment is complete.</p>
            </EmptyState>
          ) : loaderData.listing.matching === 0 ? (
            <EmptyState title="No donations match your search.">
              <p>No donor email contains “{filters.email}”.</p>
              <LinkButton to="/admin/donations" variant="outline">
                Clear search
              </LinkButton>
            </EmptyState>
          ) : (
            <>
              <DonationsTable rows={loaderData.listing.rows} onRefund={refunds.onRefund} />
              <PaginationNav
                page={loaderData.listing.page}
                pageCount={loaderData.listing.pageCount}
                label="Donations pages"
              />
            </>
          )}
        </>
      ) : (
        <Notice tone="error" title="Failed to load donations. Please use Refresh Donations to try again." />
      )}
    </div>
  );
}

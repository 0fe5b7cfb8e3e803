import { formatCents, formatMonthKey } from "~/core/format";
import type { MonthTotal } from "./totals";

/**
 * Donations by month as CSS bars. Each bar carries its amount as text (visible
 * on hover/focus-free layouts as a label, read in full by screen readers), so
 * the chart needs no chart library and no JavaScript.
 */
const apartCents = (month: MonthTotal) =>
  (month.refundedCents ?? 0) + (month.disputedCents ?? 0) + (month.lostCents ?? 0);

function apartHeight(month: MonthTotal, max: number): number {
  const apart = apartCents(month);
  return apart === 0 ? 0 : Math.max(3, Math.round((apart / max) * 100));
}

export function DonationsChart({ months }: { months: MonthTotal[] }) {
  const max = Math.max(1, ...months.map((month) => month.totalCents + apartCents(month)));
  return (
    <figure className="grid gap-3 rounded-card border border-border bg-card p-4">
      <figcaption className="text-sm font-semibold text-navy-900">
        Donations by month (last 12 months)
        {months.some((month) => apartHeight(month, max) > 0) ? (
          <span className="ml-2 text-xs font-normal text-muted-foreground">
            dashed: refunded, disputed or lost in disputes
          </span>
        ) : null}
      </figcaption>
      <ol className="flex h-40 items-end gap-1 sm:gap-2" aria-label="Donations by month">
        {months.map((month) => {
          const height = month.totalCents === 0 ? 0 : Math.max(4, Math.round((month.totalCents / max) * 100));
          const label = formatMonthKey(month.month);
          return (
            <li key={month.month} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
              <span className="sr-only">
                {label}: {formatCents(month.totalCents)} from {month.count}{" "}
                {month.count === 1 ? "donation" : "donations"}
                {month.refundedCents ? `, ${formatCents(month.refundedCents)} refunded` : ""}
                {month.disputedCents ? `, ${formatCents(month.disputedCents)} disputed` : ""}
                {month.lostCents ? `, ${formatCents(month.lostCents)} lost in disputes` : ""}
              </span>
              {/* Refunded and disputed gifts sit apart above the kept amount, hatched (decision 0025). */}
              {apartHeight(month, max) > 0 ? (
                <span
                  aria-hidden="true"
                  data-testid="chart-apart"
                  title={`${label}: ${formatCents(apartCents(month))} refunded, disputed or lost in disputes`}
                  className="w-full rounded-t-md border border-dashed border-destructive/60 bg-danger-soft"
                  style={{ height: `${apartHeight(month, max)}%` }}
                />
              ) : null}
              <span
                aria-hidden="true"
                title={`${label}: ${formatCents(month.totalCents)}`}
                className="w-full rounded-t-md bg-citron-500"
                style={{ height: `${height}%` }}
              />
              <span aria-hidden="true" className="text-[0.6875rem] text-muted-foreground">
                {label.slice(0, 3)}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

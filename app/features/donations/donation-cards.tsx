import { formatCents } from "~/core/format";
import type { DonationSummary } from "./totals";

/** docs/product.md's three summary cards, over every completed donation. */
export function DonationCards({ summary }: { summary: DonationSummary }) {
  const cards = [
    { label: "Total Donations", value: formatCents(summary.totalCents) },
    { label: "Number of Donations", value: summary.count.toLocaleString("en-US") },
    { label: "Average Donation", value: formatCents(summary.averageCents) },
  ];
  const apart = [
    summary.refundedCents ? `${formatCents(summary.refundedCents)} refunded` : null,
    summary.disputedCents ? `${formatCents(summary.disputedCents)} disputed` : null,
    summary.lostCents ? `${formatCents(summary.lostCents)} lost in disputes` : null,
  ].filter(Boolean);
  return (
    <div className="grid gap-2">
      <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
        {cards.map((card) => (
          <div
            key={card.label}
            className="flex items-baseline justify-between gap-3 rounded-card border border-border bg-card px-4 py-3 shadow-xs sm:grid sm:gap-1 sm:py-4"
          >
            <dt className="text-sm font-medium text-muted-foreground">{card.label}</dt>
            <dd className="text-xl font-bold text-navy-900 tabular sm:text-2xl">{card.value}</dd>
          </div>
        ))}
      </dl>
      {apart.length > 0 ? (
        <p className="text-sm text-muted-foreground tabular" data-testid="donations-apart">
          Totals count what the district kept: {apart.join(" and ")} not included.
          {summary.disputeFeeCents ? ` Stripe's dispute fees: ${formatCents(summary.disputeFeeCents)}.` : ""}
        </p>
      ) : null}
    </div>
  );
}

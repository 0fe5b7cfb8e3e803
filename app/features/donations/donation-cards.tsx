import { formatCents } from "~/features/orders/format";
import type { DonationSummary } from "./summary";

/** SPEC.md's three summary cards, over every completed donation. */
export function DonationCards({ summary }: { summary: DonationSummary }) {
  const cards = [
    { label: "Total Donations", value: formatCents(summary.totalCents) },
    { label: "Number of Donations", value: summary.count.toLocaleString("en-US") },
    { label: "Average Donation", value: formatCents(summary.averageCents) },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {cards.map((card) => (
        <div key={card.label} className="grid gap-1 rounded-card border border-border bg-card p-4 shadow-xs">
          <dt className="text-sm font-medium text-muted-foreground">{card.label}</dt>
          <dd className="text-2xl font-bold text-navy-900 tabular">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}

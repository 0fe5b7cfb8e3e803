import { ExternalLink } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { formatCents } from "~/core/format";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";
import type { DonationCheckoutSummary } from "./donation-checkout";

export const COMPLETE_TITLE = "Complete Your Donation";

// The dialog (Radix Dialog, about 12 KB) loads only once there is a gift to confirm (decision 0013).
const CompleteDonationDialog = lazy(() => import("./complete-donation-dialog"));

/** The summary of the gift about to be paid (docs/product.md: name, email, amount; ours: fee and tribute). */
function SummaryList({ summary }: { summary: DonationCheckoutSummary }) {
  const rows: Array<[string, string]> = [
    ["Name", summary.donorName],
    ["Email", summary.email],
    ["Donation", formatCents(summary.giftCents)],
  ];
  if (summary.monthly) rows.push(["How often", "Every month, until you stop it"]);
  if (summary.feeCents > 0) rows.push(["Card fee covered", formatCents(summary.feeCents)]);
  if (summary.tribute) rows.push(["Tribute", summary.tribute]);
  if (summary.notifyEmail) rows.push(["We will let them know at", summary.notifyEmail]);
  if (summary.campaign) rows.push(["Campaign", summary.campaign]);
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium wrap-anywhere">{value}</dd>
        </div>
      ))}
      <div className="mt-1 grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2 border-t border-border pt-3 text-base">
        <dt className="font-semibold">{summary.monthly ? "Total each month" : "Total"}</dt>
        <dd className="font-bold tabular">{formatCents(summary.totalCents)}</dd>
      </div>
    </dl>
  );
}

const proceedClasses = cn(buttonVariants({ variant: "accent", size: "lg" }));

/**
 * "Complete Your Donation": a dialog with JavaScript; without it, the same
 * summary as a panel above the form, with a plain link to the payment page.
 * Proceed to Payment opens the provider's page in a new tab.
 */
export function CompleteDonation({ url, summary }: { url: string; summary: DonationCheckoutSummary }) {
  const hydrated = useHydrated();
  // Closing remembers which checkout was closed, so a new one (another submission) opens the dialog again.
  const [closedUrl, setClosedUrl] = useState<string | null>(null);
  const open = closedUrl !== url;
  const setOpen = (next: boolean) => setClosedUrl(next ? null : url);

  const proceed = (onClick?: () => void) => (
    <a href={url} target="_blank" rel="noopener noreferrer" className={proceedClasses} onClick={onClick}>
      Proceed to Payment
      <ExternalLink aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );

  if (!hydrated) {
    return (
      <section
        aria-labelledby="complete-donation-title"
        className="mb-8 grid gap-4 rounded-card border-2 border-citron-500 bg-card p-6 shadow-sm"
      >
        <h2 id="complete-donation-title" className="text-xl font-bold text-navy-900">
          {COMPLETE_TITLE}
        </h2>
        <p className="text-sm text-muted-foreground">Check your gift, then pay on the secure payment page.</p>
        <SummaryList summary={summary} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <a href="#donation-form" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Cancel
          </a>
          {proceed()}
        </div>
      </section>
    );
  }

  return (
    <Suspense fallback={null}>
      <CompleteDonationDialog
        title={COMPLETE_TITLE}
        open={open}
        onOpenChange={setOpen}
        proceed={proceed(() => setOpen(false))}
      >
        <SummaryList summary={summary} />
      </CompleteDonationDialog>
    </Suspense>
  );
}

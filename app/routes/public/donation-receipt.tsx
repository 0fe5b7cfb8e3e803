import { data, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { formatCents } from "~/core/format";
import { getDb } from "~/db/context";
import { NO_GOODS_OR_SERVICES, receiptAmount, receiptDate } from "~/features/donations/receipt";
import { findReceipt } from "~/features/donations/receipt.server";
import { PrintButton } from "~/features/donations/print-button";
import { SANDBOX_NOTICE } from "~/features/payments/sandbox-notice";
import { ErrorPage } from "~/features/shell/error-page";
import type { RootData } from "~/features/shell/use-site";
import type { Route } from "./+types/donation-receipt";

/**
 * A donation's printable receipt, at the unguessable link in the receipt
 * email. No sign-in, no navigation: the page shows this one receipt and
 * nothing else, and is kept out of search engines, caches and referrers.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const receipt = await findReceipt(getDb(context), params.token);
  if (!receipt) throw data("Receipt not found", { status: 404, headers: privateHeaders });
  return data(
    {
      number: receipt.number,
      legalName: receipt.legalName,
      taxId: receipt.taxId,
      donorName: receipt.donorName,
      date: receiptDate(receipt.date),
      amount: receiptAmount(receipt),
      total: formatCents(receipt.totalCents),
      tribute: receipt.tribute,
      test: receipt.test,
      refunded: receipt.refundedCents > 0 ? formatCents(receipt.refundedCents) : null,
      lost: receipt.lostCents > 0 ? formatCents(receipt.lostCents) : null,
      refundedWhole:
        receipt.refundedCents + receipt.lostCents > 0 &&
        receipt.refundedCents + receipt.lostCents >= receipt.totalCents,
      kept: formatCents(receipt.totalCents - receipt.refundedCents - receipt.lostCents),
    },
    { headers: privateHeaders },
  );
}

const privateHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title: loaderData
      ? `Donation receipt ${loaderData.number}`
      : isRouteErrorResponse(error) && error.status === 404
        ? "Receipt not found"
        : "Donation receipt",
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DonationReceiptPage({ loaderData: receipt }: Route.ComponentProps) {
  const rows: Array<[string, string]> = [
    ["Receipt number", receipt.number],
    ["Organization", receipt.legalName],
    ["EIN (tax ID)", receipt.taxId],
    ["Donor", receipt.donorName],
    ["Date of contribution", receipt.date],
    ["Amount", receipt.amount],
  ];
  if (receipt.tribute) rows.push(["Tribute", receipt.tribute]);
  if (receipt.refunded) rows.push(["Refunded", receipt.refunded]);
  if (receipt.lost) rows.push(["Taken back in a dispute", receipt.lost]);
  const takenBack = [
    receipt.refunded ? `${receipt.refunded} of this gift was refunded` : null,
    receipt.lost ? `${receipt.lost} was taken back by the donor's bank in a dispute` : null,
  ].filter(Boolean);
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 print:py-0">
      <article className="rounded-card border border-border bg-card p-6 shadow-sm sm:p-10 print:border-0 print:shadow-none">
        {receipt.test ? (
          <p role="note" className="mb-6 rounded-card bg-amber-200 px-4 py-3 font-bold text-stone-900">
            {SANDBOX_NOTICE} This is not a receipt for tax purposes.
          </p>
        ) : null}
        <p className="text-sm font-bold tracking-[0.12em] text-citron-800 uppercase">Donation receipt</p>
        <h1 className="mt-2 text-3xl font-extrabold text-navy-900">{receipt.legalName}</h1>
        <p className="mt-1 text-sm text-stone-700">
          A tax-exempt organization under section 501(c)(3) of the Internal Revenue Code
        </p>
        {takenBack.length > 0 ? (
          <p
            role="alert"
            data-testid="receipt-refunded"
            className="mt-6 rounded-card border border-destructive/40 bg-danger-soft p-4 font-semibold text-destructive"
          >
            {receipt.refundedWhole
              ? receipt.lost
                ? `This gift was taken back (${takenBack.join(", and ")}). This page no longer serves as a receipt for tax purposes.`
                : `This gift was refunded (${receipt.refunded}). This page no longer serves as a receipt for tax purposes.`
              : `${takenBack.join(", and ")}. This receipt now stands for ${receipt.kept}.`}
          </p>
        ) : null}
        <dl className="mt-8 grid gap-3">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 border-b border-border pb-3 sm:grid-cols-[12rem_1fr]">
              <dt className="text-sm text-stone-700">{label}</dt>
              <dd className="font-semibold break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {receipt.refundedWhole ? null : (
          <p className="mt-8 leading-relaxed">
            Thank you, {receipt.donorName}, for your contribution of{" "}
            {takenBack.length > 0 ? receipt.kept : receipt.total}. {NO_GOODS_OR_SERVICES} Please keep this receipt for
            your tax records; your gift is tax deductible to the extent allowed by law.
          </p>
        )}
        <div className="mt-8 print:hidden">
          <PrintButton />
        </div>
      </article>
    </main>
  );
}

/**
 * A link that matches nothing is "not found" in this page's words; any other error (the database out of reach, a
 * bug) is the status-aware page every boundary shows, with the request's reference (app/features/shell/error-page.tsx).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRouteLoaderData<RootData>("root")?.requestId;
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPage error={error} requestId={requestId} />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-navy-900">Receipt not found</h1>
      <p className="mt-3 text-stone-700">Please check the link in your receipt email.</p>
    </main>
  );
}

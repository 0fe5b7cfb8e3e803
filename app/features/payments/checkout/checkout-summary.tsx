import { formatCents } from "~/core/format";
import type { CheckoutSummaryLine } from "./checkout-data";
import { Notice } from "~/ui/notice";

/** The items, email and total of a checkout: the dialog, the no-JavaScript page and the sandbox show it. */
export function CheckoutSummary({
  lines,
  email,
  total,
}: {
  lines: CheckoutSummaryLine[];
  email: string;
  total: number;
}) {
  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Items">
        {lines.map((line, index) => (
          <li key={index} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <div>
              <p className="font-semibold text-navy-900">
                {line.name}
                {line.quantity > 1 ? <span className="font-normal text-stone-700"> × {line.quantity}</span> : null}
              </p>
              {line.detail ? <p className="text-stone-700">{line.detail}</p> : null}
            </div>
            <p className="font-semibold tabular-nums">{formatCents(line.amount)}</p>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-700">Email</dt>
        <dd className="text-right break-all">{email}</dd>
        <dt className="font-bold text-navy-900">Total</dt>
        <dd className="text-right text-base font-bold tabular-nums text-navy-900">{formatCents(total)}</dd>
      </dl>
    </div>
  );
}

/** A checkout notice (docs/product.md's "Title: message" pairs) as an alert. */
export function CheckoutNotice({ title, message }: { title: string; message: string }) {
  return (
    <Notice tone="error" title={title}>
      <p>{message}</p>
    </Notice>
  );
}

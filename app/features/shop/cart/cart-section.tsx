import { AlertTriangle, ShoppingCart, Trash2 } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { useFetcher, useFetchers } from "react-router";
import { formatShortDate } from "~/features/events/dates";
import { CART_SECTION_ID } from "~/core/cart-anchor";
import { formatCents } from "~/core/format";
import { CheckoutForm } from "~/features/payments/checkout/checkout-form";
import type { FeedProduct } from "~/features/products/feed/feed";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import type { ShopActionData } from "../action-data";
import { cartLimits } from "./cart-limits";
import {
  applyPendingChanges,
  cartTotals,
  pendingChangeOf,
  type PendingChange,
  type ShownLine,
} from "./optimistic-cart";
import type { RegistrationData } from "~/db/registration-data";
import { JS_FIELD } from "../shop-paths";

const problemText: Record<NonNullable<ShownLine["problem"]>, string> = {
  unavailable: "No longer available. Please remove it from your cart.",
  "sold-out": "Sold out. Please remove it from your cart.",
  "over-stock": "Not enough left in stock for this quantity. Please lower it.",
};

/**
 * Your Cart (anchor your-cart) and the order summary (docs/product.md#2-screens-and-routes).
 * Lines come from the server; forms in flight are applied on top, so a
 * change shows at once and the server's answer then replaces it.
 *
 * Also rendered alone, outside /fees's route, for a cart visitor's page from the cache (fees-fill.server.tsx): it must
 * render from its props alone (no loader data, no route context beyond a static router), inside the page's
 * `<aside aria-label="Cart and checkout">`.
 */
export function CartSection({
  lines,
  email,
  products,
}: {
  lines: ShownLine[];
  email: string | null;
  products: FeedProduct[];
}) {
  const pending = useFetchers()
    .filter((fetcher) => fetcher.state !== "idle")
    .map((fetcher) => pendingChangeOf(fetcher.formData))
    .filter((change): change is PendingChange => change !== null);
  const shown = applyPendingChanges(lines, pending, products);
  const totals = cartTotals(shown);
  const flagged = shown.some((line) => line.problem);

  return (
    <div className="grid gap-6">
      <section
        id={CART_SECTION_ID}
        aria-labelledby="your-cart-title"
        className="scroll-mt-24 rounded-card border border-border bg-card p-5 shadow-xs sm:p-6"
      >
        <h2 id="your-cart-title" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-navy-900">
          <ShoppingCart className="size-6" aria-hidden="true" />
          Your Cart
        </h2>
        {shown.length === 0 ? (
          <p className="mt-4 text-stone-700">Your cart is empty</p>
        ) : (
          <ul className="mt-4 divide-y divide-border" aria-label="Cart items">
            {shown.map((line) => (
              <CartLineItem key={line.id} line={line} />
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="order-summary-title"
        className="rounded-card border border-border bg-card p-5 shadow-xs sm:p-6"
      >
        <h2 id="order-summary-title" className="text-xl font-bold text-navy-900">
          Order Summary
        </h2>
        <dl className="mt-4 grid gap-2 text-base">
          <div className="flex justify-between gap-4">
            <dt className="text-stone-700">Subtotal</dt>
            <dd className="tabular-nums" data-testid="cart-subtotal">
              {formatCents(totals.subtotal)}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-border pt-2 text-lg font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="cart-total">
              {formatCents(totals.total)}
            </dd>
          </div>
        </dl>
        {flagged ? (
          <p className="mt-3 text-sm text-stone-700">Items marked as unavailable are not included in the total.</p>
        ) : null}
        <div className="mt-5">
          <CheckoutForm email={email} empty={shown.length === 0} />
        </div>
      </section>
    </div>
  );
}

function RegistrationDetails({ registration }: { registration: RegistrationData }) {
  const rows: [string, string | undefined][] = [
    ["Student", registration.studentName],
    ["School", registration.studentSchool ?? registration.schoolName],
    [
      "Tournament",
      registration.tournament
        ? `${registration.tournament}${registration.tournamentDate ? ` (${formatShortDate(registration.tournamentDate)})` : ""}`
        : undefined,
    ],
    ["Event", registration.competitionEvent],
    [
      "Partner",
      registration.partnerFirst
        ? `${registration.partnerFirst} ${registration.partnerLast ?? ""}`.trim() +
          (registration.partnerSchool && registration.partnerSchool !== registration.studentSchool
            ? ` (${registration.partnerSchool})`
            : "")
        : undefined,
    ],
    ["Contact", registration.schoolContact],
    ["Faculty advisor", registration.facultyAdvisor],
  ];
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-stone-700">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}:</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Shows an error notice for a refused change, once per answer. */
function useRefusalNotice(fetcher: ReturnType<typeof useFetcher<ShopActionData>>, onRefusal?: () => void) {
  const handled = useRef<ShopActionData | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      showToast({ type: "error", title: "Cart not updated", description: answer.message });
      onRefusal?.();
    }
  }, [fetcher.state, fetcher.data, onRefusal]);
}

/**
 * "Item removed" shows when the removal is sent: the line disappears at once
 * (optimistic), so nothing of it is left to hear the answer.
 */
const announceRemoval = () => showToast({ type: "success", title: "Item removed" });
const removesLine = (form: HTMLFormElement) => {
  const input = form.elements.namedItem("quantity") as HTMLInputElement | null;
  return input !== null && /^\s*-?\d+\s*$/.test(input.value) && Number(input.value) <= 0;
};

function CartLineItem({ line }: { line: ShownLine }) {
  const hydrated = useHydrated();
  const removeFetcher = useFetcher<ShopActionData>({ key: `remove-${line.id}` });
  useRefusalNotice(removeFetcher);
  const name = line.product?.name ?? "Item no longer available";
  const disabled = Boolean(line.pending);

  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0" aria-busy={line.pending ? true : undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">{name}</p>
          {line.registration ? <RegistrationDetails registration={line.registration} /> : null}
          {line.problem ? (
            <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-destructive" role="status">
              <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
              {problemText[line.problem]}
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-right tabular-nums">
          <span className="sr-only">Unit price </span>
          {line.product ? formatCents(line.product.price) : "—"}
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        {line.registration ? (
          // A registration names its student (or school): one entry, no quantity to change (docs/product.md#shop-and-cart). Another
          // student is another line, added with their own details.
          <p className="text-sm font-medium" data-testid="entry-quantity">
            Quantity: 1
          </p>
        ) : (
          <QuantityForm line={line} name={name} disabled={disabled} />
        )}
        <div className="flex items-center gap-3">
          <p className="tabular-nums font-semibold">
            <span className="sr-only">Line total </span>
            {formatCents(line.lineTotal)}
          </p>
          <removeFetcher.Form method="post" action="/fees" onSubmit={announceRemoval}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
            <Button type="submit" variant="ghost" size="icon" disabled={disabled} aria-label={`Remove ${name}`}>
              <Trash2 aria-hidden="true" />
            </Button>
          </removeFetcher.Form>
        </div>
      </div>
    </li>
  );
}

/** A product's quantity (SPEC: minimum 1; 0 or less removes the line). Not for registrations: they are one each. */
function QuantityForm({ line, name, disabled }: { line: ShownLine; name: string; disabled: boolean }) {
  const hydrated = useHydrated();
  const quantityFetcher = useFetcher<ShopActionData>({ key: `quantity-${line.id}` });
  const quantityInput = useRef<HTMLInputElement>(null);
  // A refused quantity goes back to what the cart holds, so the field and the total agree.
  const restoreQuantity = useCallback(() => {
    if (quantityInput.current) quantityInput.current.value = String(line.quantity);
  }, [line.quantity]);
  useRefusalNotice(quantityFetcher, restoreQuantity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const quantityId = `quantity-${line.id}`;
  return (
    <quantityFetcher.Form
      method="post"
      action="/fees"
      className="flex items-end gap-2"
      onChange={(event) => {
        // With JavaScript the quantity saves itself shortly after typing stops.
        const form = event.currentTarget;
        const input = form.elements.namedItem("quantity") as HTMLInputElement | null;
        if (!input || input.value.trim() === "") return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (removesLine(form)) announceRemoval();
          void quantityFetcher.submit(form);
        }, 500);
      }}
      onSubmit={(event) => {
        clearTimeout(timer.current);
        if (removesLine(event.currentTarget)) announceRemoval();
      }}
    >
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="lineId" value={line.id} />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
      <div className="grid gap-1">
        <label htmlFor={quantityId} className="text-sm font-medium">
          Quantity
        </label>
        <Input
          key={`${line.id}-${line.quantity}`}
          ref={quantityInput}
          id={quantityId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={cartLimits.quantity}
          step={1}
          defaultValue={line.quantity}
          aria-label={`Quantity of ${name}`}
          disabled={disabled}
          className="w-20"
        />
      </div>
      {/* 0 or less removes the line (docs/product.md#4-states-and-transitions), so the browser's min check must not block it. */}
      <Button
        type="submit"
        variant="outline"
        formNoValidate
        disabled={disabled}
        aria-label={`Update quantity of ${name}`}
      >
        Update
      </Button>
    </quantityFetcher.Form>
  );
}

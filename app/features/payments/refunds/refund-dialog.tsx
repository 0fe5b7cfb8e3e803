import { Undo2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { formatCents } from "~/core/format";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Button, buttonVariants } from "~/ui/button";
import { Card, CardTitle } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Field, FieldDescription, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { LinkButton } from "~/ui/link-button";
import { Textarea } from "~/ui/textarea";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";

/** What the refund confirmation needs of an order or gift (decision 0025). */
export type RefundTarget = {
  id: string;
  label: string;
  customerEmail: string;
  totalAmount: number;
  refundedAmount: number;
  /** Open and lost disputes' cents; of them, disputeLostAmount were lost (decision 0038). */
  disputedAmount: number;
  disputeLostAmount?: number;
  /** Only an order paid online can be refunded here; others are refunded by hand. */
  checkoutId?: string | null;
};

/** The refund form's fields a message can belong to. */
export type RefundField = "scope" | "amount" | "reason";

export type RefundActionData = { refund: { ok: boolean; message: string; orderId: string; field?: RefundField } };

/** A refund whose answer from Stripe was lost: counted, shown as pending, retried by an admin. */
export type PendingRefund = { id: string; amount: number; createdAt: string; actorEmail: string | null; email: string };

export const refundLeft = (row: Pick<RefundTarget, "totalAmount" | "refundedAmount" | "disputedAmount">) =>
  row.totalAmount - row.refundedAmount - row.disputedAmount;

/** Refunded, disputed and lost amounts, shown apart under an order's amount. */
export function RefundNotes({
  row,
}: {
  row: Pick<RefundTarget, "totalAmount" | "refundedAmount" | "disputedAmount" | "disputeLostAmount">;
}) {
  if (!row.refundedAmount && !row.disputedAmount) return null;
  const lost = row.disputeLostAmount ?? 0;
  const open = row.disputedAmount - lost;
  return (
    <>
      {row.refundedAmount ? (
        <small className="block text-xs font-normal text-destructive" data-testid="refunded-note">
          {row.refundedAmount >= row.totalAmount ? "Refunded" : `${formatCents(row.refundedAmount)} refunded`}
        </small>
      ) : null}
      {open ? (
        <small className="block text-xs font-normal text-destructive" data-testid="disputed-note">
          {formatCents(open)} disputed
        </small>
      ) : null}
      {lost ? (
        <small className="block text-xs font-normal text-destructive" data-testid="lost-note">
          {formatCents(lost)} lost in a dispute
        </small>
      ) : null}
    </>
  );
}

/** The address of this page with ?refund=<id> (the confirmation as a page section, without JavaScript). */
function refundHref(search: string, id: string | null): string {
  const params = new URLSearchParams(search);
  if (id) params.set("refund", id);
  else params.delete("refund");
  const query = params.toString();
  return query ? `?${query}` : ".";
}

/** The Refund button of a row: a link to the confirmation section; with JavaScript it opens the dialog. */
export function RefundButton({ row, onOpen }: { row: RefundTarget; onOpen: (row: RefundTarget) => void }) {
  const location = useLocation();
  const hydrated = useHydrated();
  if (refundLeft(row) <= 0 || !row.checkoutId) return null;
  return (
    <Link
      to={refundHref(location.search, row.id)}
      preventScrollReset
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-1 w-fit")}
      aria-label={`Refund ${row.label} of ${row.customerEmail}`}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onOpen(row);
      }}
    >
      <Undo2 aria-hidden="true" />
      Refund
    </Link>
  );
}

function RefundForm({
  target,
  refundKey,
  onDone,
  cancel,
  posted,
}: {
  target: RefundTarget;
  refundKey: string;
  onDone?: () => void;
  cancel: React.ReactNode;
  /** Without JavaScript: the page's own answer to the last post (the form posts to the page, ?refund= kept). */
  posted?: RefundActionData["refund"] | null;
}) {
  const fetcher = useFetcher<RefundActionData>();
  const location = useLocation();
  const id = useId();
  const [scope, setScope] = useState<"whole" | "part">("whole");
  const left = refundLeft(target);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.refund ?? (posted?.orderId === target.id ? posted : null);
  const field = answer && !answer.ok ? answer.field : undefined;
  const errorId = `${id}-error`;
  useEffect(() => {
    if (!fetcher.data?.refund || fetcher.state !== "idle") return;
    const reply = fetcher.data.refund;
    if (reply.field) {
      // The message is at its field: focus that field so it is read out.
      document.getElementById(reply.field === "scope" ? `${id}-whole` : `${id}-${reply.field}`)?.focus();
      return;
    }
    showToast({
      type: reply.ok ? "success" : "error",
      title: reply.ok ? "Refunded" : "Refund failed",
      description: reply.message,
    });
    if (reply.ok) onDone?.();
  }, [fetcher.data, fetcher.state, onDone, id]);
  const fieldError = (name: RefundField) =>
    field === name ? (
      <p id={errorId} className="text-sm font-medium text-destructive">
        {answer!.message}
      </p>
    ) : null;
  const invalid = (name: RefundField) =>
    field === name ? { "aria-invalid": true as const, "aria-errormessage": errorId } : {};
  return (
    <fetcher.Form
      method="post"
      action={`${location.pathname}${(posted === undefined ? refundHref(location.search, null) : location.search).replace(/^\.$/, "")}`}
      className="grid gap-4"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="orderId" value={target.id} />
      {/* One key per confirmation: a repeated submit (double click, reload) finds the refund it made. */}
      <input type="hidden" name="requestKey" value={`${refundKey}-${target.id.replace(/-/g, "")}`} />
      <p className="text-sm tabular">
        Paid {formatCents(target.totalAmount)}
        {target.refundedAmount ? ` · refunded ${formatCents(target.refundedAmount)}` : ""}
        {target.disputedAmount ? ` · disputed ${formatCents(target.disputedAmount)}` : ""} · up to{" "}
        <b>{formatCents(left)}</b> can be refunded.
      </p>
      <fieldset className="grid gap-2" aria-describedby={field === "scope" ? errorId : undefined}>
        <legend className="mb-1 text-sm font-medium">How much</legend>
        {fieldError("scope")}
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input
            id={`${id}-whole`}
            type="radio"
            name="scope"
            value="whole"
            checked={scope === "whole"}
            onChange={() => setScope("whole")}
            className="size-4 accent-navy-900"
          />
          The whole {formatCents(left)}
        </label>
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input
            type="radio"
            name="scope"
            value="part"
            checked={scope === "part"}
            onChange={() => setScope("part")}
            className="size-4 accent-navy-900"
          />
          Part of it
        </label>
      </fieldset>
      <Field>
        <FieldLabel htmlFor={`${id}-amount`}>Amount to refund (dollars)</FieldLabel>
        <Input
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={`${id}-amount-hint`}
          // Typing an amount means "Part of it": the amount typed is the amount refunded.
          onChange={(event) => (event.target.value.trim() ? setScope("part") : null)}
          {...invalid("amount")}
        />
        <FieldDescription id={`${id}-amount-hint`}>
          With “Part of it”; at most {formatCents(left)}. Leave it empty to refund the whole.
        </FieldDescription>
        {fieldError("amount")}
      </Field>
      <Field>
        <FieldLabel htmlFor={`${id}-reason`} required>
          Reason
        </FieldLabel>
        <Textarea
          id={`${id}-reason`}
          name="reason"
          required
          maxLength={500}
          rows={2}
          placeholder="e.g. Student withdrew before the tournament"
          {...invalid("reason")}
        />
        {fieldError("reason")}
      </Field>
      {answer && !answer.ok && !field ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {answer.message}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">The payer is emailed. This cannot be undone.</p>
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Refunding…" : "Refund"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The confirmation: a dialog with JavaScript, and without it the same form as a section at the top of
 * the page (?refund=<id>), posted to the page's own action.
 */
export function RefundConfirmation({
  target,
  noJsTarget,
  refundKey,
  onClose,
  result,
  pending = [],
}: {
  target: RefundTarget | null;
  noJsTarget: RefundTarget | null;
  refundKey: string;
  onClose: () => void;
  result?: RefundActionData["refund"] | null;
  pending?: PendingRefund[];
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  return (
    <>
      {result && !(result.field && noJsTarget && !hydrated) ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={cn(
            "rounded-card border p-3 text-sm font-medium",
            result.ok ? "border-border bg-card" : "border-destructive/40 bg-danger-soft text-destructive",
          )}
        >
          {result.message}
        </p>
      ) : null}
      <PendingRefunds pending={pending} />
      {!hydrated && noJsTarget && !result?.ok ? (
        <Card role="alertdialog" aria-labelledby="confirm-refund-title" className="grid gap-3 p-6">
          <CardTitle id="confirm-refund-title">
            Refund {noJsTarget.label} of {noJsTarget.customerEmail}?
          </CardTitle>
          <RefundForm
            target={noJsTarget}
            refundKey={refundKey}
            posted={result ?? null}
            cancel={
              <LinkButton to={refundHref(location.search, null)} variant="outline">
                Cancel
              </LinkButton>
            }
          />
        </Card>
      ) : null}
      <AlertDialog open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
        <AlertDialogContent>
          <AlertDialogTitle>
            Refund {target?.label} of {target?.customerEmail}?
          </AlertDialogTitle>
          <AlertDialogDescription>Through the payment provider, to the card that paid.</AlertDialogDescription>
          {target ? (
            <RefundForm
              target={target}
              refundKey={refundKey}
              onDone={onClose}
              cancel={<AlertDialogCancel>Cancel</AlertDialogCancel>}
            />
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/**
 * A dashboard's refunds (orders, donations): the confirmation to render above the list, for admins only, and
 * the rows' Refund handler (undefined for staff who may not refund, so no Refund button shows). `page` is the
 * loader's data when it loaded (refundLoaderData's part and whether the viewer is an admin).
 */
export function useRefunds(
  page: {
    isAdmin: boolean;
    refundTarget: RefundTarget | null;
    refundKey: string;
    pendingRefunds?: PendingRefund[];
  } | null,
  result: RefundActionData["refund"] | null,
): { confirmation: React.ReactNode; onRefund: ((row: RefundTarget) => void) | undefined } {
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  if (!page?.isAdmin) return { confirmation: null, onRefund: undefined };
  return {
    confirmation: (
      <RefundConfirmation
        target={refunding}
        noJsTarget={page.refundTarget}
        refundKey={page.refundKey}
        onClose={() => setRefunding(null)}
        result={result}
        pending={page.pendingRefunds}
      />
    ),
    onRefund: setRefunding,
  };
}

/**
 * Refunds Stripe has not answered (the call's answer was lost): still counted as refunded, shown as pending
 * until an admin retries. A retry never refunds twice: inside Stripe's 24 hours it sends the same key, later
 * it first reads the payment's refunds at Stripe.
 */
function PendingRefunds({ pending }: { pending: PendingRefund[] }) {
  const location = useLocation();
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-refunds-title" className="grid gap-2 rounded-card border border-warning/40 p-4">
      <h2 id="pending-refunds-title" className="text-sm font-semibold">
        Refunds waiting for Stripe
      </h2>
      <p className="text-sm text-muted-foreground">
        Stripe’s answer to these refunds was lost. They count as refunded until Stripe says otherwise; Retry asks Stripe
        again and never refunds twice.
      </p>
      <ul className="grid gap-2">
        {pending.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2 text-sm tabular">
            <span data-testid="pending-refund">
              Pending: {formatCents(refund.amount)} to {refund.email}
              {refund.actorEmail ? `, asked by ${refund.actorEmail}` : ""} on{" "}
              {new Date(refund.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
            </span>
            <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
              <input type="hidden" name="intent" value="refund-retry" />
              <input type="hidden" name="refundId" value={refund.id} />
              <Button
                type="submit"
                variant="outline"
                size="sm"
                aria-label={`Retry the refund of ${formatCents(refund.amount)} to ${refund.email}`}
              >
                Retry
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

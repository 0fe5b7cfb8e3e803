import { Undo2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
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
  disputedAmount: number;
  /** Only an order paid online can be refunded here; others are refunded by hand. */
  checkoutId?: string | null;
};

export type RefundActionData = { refund: { ok: boolean; message: string; orderId: string } };

export const refundLeft = (row: Pick<RefundTarget, "totalAmount" | "refundedAmount" | "disputedAmount">) =>
  row.totalAmount - row.refundedAmount - row.disputedAmount;

/** Refunded and disputed amounts, shown apart under an order's amount. */
export function RefundNotes({ row }: { row: Pick<RefundTarget, "totalAmount" | "refundedAmount" | "disputedAmount"> }) {
  if (!row.refundedAmount && !row.disputedAmount) return null;
  return (
    <>
      {row.refundedAmount ? (
        <small className="block text-xs font-normal text-destructive" data-testid="refunded-note">
          {row.refundedAmount >= row.totalAmount ? "Refunded" : `${formatCents(row.refundedAmount)} refunded`}
        </small>
      ) : null}
      {row.disputedAmount ? (
        <small className="block text-xs font-normal text-destructive" data-testid="disputed-note">
          {formatCents(row.disputedAmount)} disputed
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
}: {
  target: RefundTarget;
  refundKey: string;
  onDone?: () => void;
  cancel: React.ReactNode;
}) {
  const fetcher = useFetcher<RefundActionData>();
  const location = useLocation();
  const id = useId();
  const [scope, setScope] = useState<"whole" | "part">("whole");
  const left = refundLeft(target);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.refund;
  useEffect(() => {
    if (!answer || fetcher.state !== "idle") return;
    showToast({
      type: answer.ok ? "success" : "error",
      title: answer.ok ? "Refunded" : "Refund failed",
      description: answer.message,
    });
    if (answer.ok) onDone?.();
  }, [answer, fetcher.state, onDone]);
  return (
    <fetcher.Form
      method="post"
      action={`${location.pathname}${refundHref(location.search, null).replace(/^\.$/, "")}`}
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
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">How much</legend>
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input
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
        />
        <FieldDescription id={`${id}-amount-hint`}>
          Only with “Part of it”; at most {formatCents(left)}.
        </FieldDescription>
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
        />
      </Field>
      {answer && !answer.ok ? (
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
}: {
  target: RefundTarget | null;
  noJsTarget: RefundTarget | null;
  refundKey: string;
  onClose: () => void;
  result?: RefundActionData["refund"] | null;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  return (
    <>
      {result ? (
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
      {!hydrated && noJsTarget ? (
        <Card role="alertdialog" aria-labelledby="confirm-refund-title" className="grid gap-3 p-6">
          <CardTitle id="confirm-refund-title">
            Refund {noJsTarget.label} of {noJsTarget.customerEmail}?
          </CardTitle>
          <RefundForm
            target={noJsTarget}
            refundKey={refundKey}
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
  page: { isAdmin: boolean; refundTarget: RefundTarget | null; refundKey: string } | null,
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
      />
    ),
    onRefund: setRefunding,
  };
}

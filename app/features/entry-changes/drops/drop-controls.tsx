import { Form, useNavigation } from "react-router";
import { LinkButton } from "~/ui/link-button";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import type { DropAnswer } from "./drop-answer";

/**
 * An entry's Drop on the entries page (decision 0048): the tournament's refund policy in plain words and a button
 * that asks the server what the drop would refund today (it drops nothing); then that answer with Confirm drop,
 * which drops at that refund, and Keep the entry. Plain form posts, so the same two steps work without JavaScript.
 */
export function DropControls({
  entry,
  terms,
  quote,
}: {
  entry: { orderId: string; student: string; event: string };
  /** The policy in plain words ("A drop by Dec 5 refunds the whole fee; after that, nothing is refunded."). */
  terms: string;
  /** The server's quote for this entry, once Drop was pressed. */
  quote: DropAnswer | null;
}) {
  const navigation = useNavigation();
  const pending = (confirm: boolean) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "drop" &&
    navigation.formData.get("orderId") === entry.orderId &&
    (navigation.formData.get("confirm") === "yes") === confirm;
  if (quote?.orderId === entry.orderId) {
    return (
      <div className="grid gap-3 rounded-lg border border-border p-3" data-testid="drop-confirm">
        <Notice tone={quote.cents > 0 ? "info" : "error"} title={`Drop ${quote.student} from ${quote.event}?`}>
          <p className="mt-1 font-semibold">{quote.sentence}</p>
          <p className="mt-1">The place is given up at once; this cannot be undone here.</p>
        </Notice>
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="drop" />
          <input type="hidden" name="orderId" value={entry.orderId} />
          <input type="hidden" name="refundCents" value={String(quote.cents)} />
          <input type="hidden" name="confirm" value="yes" />
          <PendingButton pending={pending(true)} pendingText="Dropping…" variant="destructive" size="lg">
            Confirm drop
          </PendingButton>
          <LinkButton to="." preventScrollReset variant="outline" size="lg">
            Keep the entry
          </LinkButton>
        </Form>
      </div>
    );
  }
  return (
    <div className="grid gap-2 rounded-lg border border-border p-3">
      <p className="text-sm text-stone-700">{terms}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="drop" />
        <input type="hidden" name="orderId" value={entry.orderId} />
        {/* A long name and event wrap on a phone rather than widen the page. */}
        <PendingButton
          pending={pending(false)}
          variant="outline"
          size="lg"
          className="h-auto min-h-11 py-2 text-left whitespace-normal"
        >
          Drop {entry.student} from {entry.event}…
        </PendingButton>
      </Form>
    </div>
  );
}

import { Form, useNavigation } from "react-router";
import { LinkButton } from "~/ui/link-button";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import type { DropAnswer } from "./drop-answer";

/**
 * An entry's Drop on the entries page (decision 0048): a button that asks the server what the drop would refund
 * (it drops nothing), then the answer and a Confirm drop button that drops at that refund. Plain form posts, so
 * the same two steps work without JavaScript.
 */
export function DropControls({
  entry,
  answer,
  cancelTo,
}: {
  entry: { orderId: string; student: string; event: string };
  /** The server's answer to the last Drop pressed (any entry's: only this entry's is shown here). */
  answer: DropAnswer | null;
  /** Where "Keep the entry" goes: the page itself. */
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const pending = (confirm: boolean) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "drop" &&
    navigation.formData.get("orderId") === entry.orderId &&
    (navigation.formData.get("confirm") === "yes") === confirm;
  const mine = answer?.orderId === entry.orderId ? answer : null;
  if (mine?.stage === "confirm") {
    return (
      <div className="grid gap-3" data-testid="drop-confirm">
        <Notice tone={mine.cents > 0 ? "info" : "error"} title={`Drop ${mine.student} from ${mine.event}?`}>
          <p className="mt-1">{mine.sentence}</p>
          <p className="mt-1">The place is given up at once and cannot be taken back here.</p>
        </Notice>
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="drop" />
          <input type="hidden" name="orderId" value={entry.orderId} />
          <input type="hidden" name="refundCents" value={String(mine.cents)} />
          <input type="hidden" name="confirm" value="yes" />
          <PendingButton pending={pending(true)} pendingText="Dropping…" variant="destructive" className="min-h-11">
            Confirm drop
          </PendingButton>
          <LinkButton to={cancelTo} preventScrollReset variant="outline" className="min-h-11">
            Keep the entry
          </LinkButton>
        </Form>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      {mine?.stage === "refused" ? <Notice tone="error" title={mine.message} /> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="drop" />
        <input type="hidden" name="orderId" value={entry.orderId} />
        <PendingButton pending={pending(false)} variant="outline" className="min-h-11">
          Drop {entry.student} from {entry.event}…
        </PendingButton>
      </Form>
    </div>
  );
}

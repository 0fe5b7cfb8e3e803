import { data } from "react-router";
import { formText } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import type { Database } from "~/db/client.server";
import type { DropAnswer } from "./drop-answer";
import { dropEntryWithPolicy, quoteDrop, type DropQuote } from "./drop.server";

const confirmOf = (quote: DropQuote): DropAnswer => ({
  stage: "confirm",
  orderId: quote.orderId,
  cents: quote.cents,
  sentence: quote.sentence,
  student: quote.student,
  event: quote.event,
});

/**
 * The "drop" intent of /entries/:token (decision 0048), for the link's checkout. Two POSTs, so it works without
 * JavaScript: the first (no confirm) answers the quote, what the drop would refund, and drops nothing; the second
 * (confirm=yes, with the refund shown as refundCents) drops at that refund, then redirects to `here` with a toast.
 * A quote that changed in between is shown again to confirm.
 */
export async function handleDropIntent(db: Database, link: { checkoutId: string }, form: FormData, here: string) {
  const orderId = formText(form, "orderId");
  const family = { kind: "family" } as const;
  if (formText(form, "confirm") !== "yes") {
    const quoted = await quoteDrop(db, family, link, orderId);
    if (!quoted.ok)
      return data(
        { drop: { stage: "refused", orderId, message: quoted.message } satisfies DropAnswer },
        {
          status: quoted.status,
        },
      );
    return data({ drop: confirmOf(quoted.quote) });
  }
  const shown = formText(form, "refundCents");
  const confirmedCents = /^\d{1,9}$/.test(shown) ? Number(shown) : -1;
  const outcome = await dropEntryWithPolicy(db, family, link, { orderId, confirmedCents });
  if (!outcome.ok) {
    const drop: DropAnswer = outcome.quote
      ? confirmOf(outcome.quote)
      : { stage: "refused", orderId, message: outcome.message };
    return data({ drop, message: outcome.message }, { status: outcome.status });
  }
  return redirectWithToast(here, { type: "success", title: "Entry dropped", description: outcome.message });
}

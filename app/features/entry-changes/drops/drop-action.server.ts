import { formText } from "~/core/form.server";
import type { Database } from "~/db/client.server";
import type { LimitVerdict } from "~/core/too-many";
import { takeEntryChangeLimit } from "../changes.server";
import type { EntriesAnswer } from "../entries-data";
import type { EntryScope } from "../link.server";
import { dropEntryWithPolicy, quoteDrop, type DropQuote } from "./drop.server";

const confirmOf = (quote: DropQuote) => ({
  orderId: quote.orderId,
  cents: quote.cents,
  sentence: quote.sentence,
  student: quote.student,
  event: quote.event,
});

/**
 * The "drop" intent of /entries/:token (decision 0048). Two POSTs, so it works without JavaScript: the first (no
 * confirm) answers the quote, what the drop would refund today, and drops nothing; the second (confirm=yes, with
 * the refund shown as refundCents) drops at that refund, counted as a change against the link's hourly limit. A
 * quote that changed in between is answered again to confirm; a refusal is the entry's notice.
 */
export async function handleDropIntent(
  db: Database,
  scope: EntryScope,
  form: FormData,
  today: string,
): Promise<{ status: number; body: EntriesAnswer } | { limited: LimitVerdict }> {
  const orderId = formText(form, "orderId");
  const family = { kind: "family" } as const;
  const base = { orderId, intent: "drop" };
  if (formText(form, "confirm") !== "yes") {
    const quoted = await quoteDrop(db, family, scope, orderId, today);
    if (!quoted.ok) return { status: quoted.status, body: { ...base, ok: false, message: quoted.message } };
    return { status: 200, body: { ...base, ok: true, message: "", drop: confirmOf(quoted.quote) } };
  }
  const limit = await takeEntryChangeLimit(db, scope.linkId);
  if (!limit.allowed) return { limited: limit };
  const shown = formText(form, "refundCents");
  const confirmedCents = /^\d{1,9}$/.test(shown) ? Number(shown) : -1;
  const outcome = await dropEntryWithPolicy(db, family, scope, { orderId, confirmedCents }, today);
  if (outcome.ok) return { status: 200, body: { ...base, ok: true, message: outcome.message } };
  return {
    status: outcome.status,
    body: {
      ...base,
      ok: false,
      message: outcome.message,
      ...(outcome.quote ? { drop: confirmOf(outcome.quote) } : {}),
    },
  };
}

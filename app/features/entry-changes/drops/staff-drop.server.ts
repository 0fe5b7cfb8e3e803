import { formText } from "~/core/form.server";
import type { Actor } from "~/core/actor";
import type { Database } from "~/db/client.server";
import { REFUND_REASON_MAX } from "~/features/payments/refunds/refunds.server";
import { staffPolicyLine, type StaffDropAnswer } from "~/features/tournaments/staff-drop-answer";
import { registrationToday } from "~/features/tournaments/settings.server";
import { DROP_AMOUNTS, dropEntryWithPolicy, quoteDrop, type DropAmount, type DropQuote } from "./drop.server";

export type StaffDropResult =
  | { ok: true; status: 200; dropped: false; drop: StaffDropAnswer }
  | { ok: true; status: 200; dropped: true; message: string }
  | { ok: false; status: number; message: string; drop?: StaffDropAnswer };

const answerOf = (quote: DropQuote): StaffDropAnswer => ({
  orderId: quote.orderId,
  student: quote.student,
  event: quote.event,
  policyCents: quote.cents,
  wholeCents: quote.whole,
  policy: staffPolicyLine(quote),
});

const cents = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : -1);

/**
 * The roster's Drop (decision 0050): the family's drop path (dropEntryWithPolicy) with a staff actor, in two POSTs
 * so it works without JavaScript. The first (no confirm) answers what the drop would refund (the policy's amount
 * today and the whole of what is left) and drops nothing; the second (confirm=yes, refund=policy|whole|none, with the
 * amounts shown) drops at the chosen amount when it is still what was shown, else answers the new amounts. An entry
 * already dropped, by the family or by staff, is refused (409): its refund was made once, by whoever dropped it.
 */
export async function handleStaffDrop(
  db: Database,
  staff: Actor,
  tournamentKey: string,
  form: FormData,
  today: string = registrationToday(),
): Promise<StaffDropResult> {
  const actor = { kind: "staff", staff } as const;
  const scope = { tournamentKey };
  const orderId = formText(form, "orderId");
  if (formText(form, "confirm") !== "yes") {
    const quoted = await quoteDrop(db, actor, scope, orderId, today);
    if (!quoted.ok) return quoted;
    return { ok: true, status: 200, dropped: false, drop: answerOf(quoted.quote) };
  }
  const amount = formText(form, "refund") as DropAmount;
  if (!DROP_AMOUNTS.includes(amount))
    return {
      ok: false,
      status: 400,
      message: "Choose what the drop refunds: the policy's amount, all of it, or none.",
    };
  const reason = formText(form, "reason").trim().replace(/\s+/g, " ");
  if (reason.length > REFUND_REASON_MAX)
    return { ok: false, status: 400, message: `The reason must be at most ${REFUND_REASON_MAX} characters.` };
  const shown = amount === "none" ? 0 : cents(formText(form, amount === "policy" ? "policyCents" : "wholeCents"));
  const outcome = await dropEntryWithPolicy(
    db,
    actor,
    scope,
    { orderId, confirmedCents: shown, amount, reason: reason || undefined },
    today,
  );
  if (outcome.ok) return { ok: true, status: 200, dropped: true, message: outcome.message };
  return {
    ok: false,
    status: outcome.status,
    message: outcome.message,
    ...(outcome.quote ? { drop: answerOf(outcome.quote) } : {}),
  };
}

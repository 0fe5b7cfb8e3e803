import type { Checkout, Order } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { renderEmail, type EmailField } from "~/features/email/templates";
import { formatCents } from "~/core/format";
import { SANDBOX_NOTICE, SANDBOX_SUBJECT_PREFIX } from "../sandbox-notice";

/** The short reference a buyer can quote (the start of the checkout id). */
export function checkoutReference(checkout: Pick<Checkout, "id">): string {
  return checkout.id.replace(/-/g, "").slice(0, 10).toUpperCase();
}

export const NOT_DEDUCTIBLE_LINE =
  "Fees are payments for services and are not tax-deductible charitable contributions.";

function orderFields(order: Order, index: number): EmailField[] {
  const prefix = `Item ${index + 1}`;
  const fields: EmailField[] = [
    { label: prefix, value: `${order.itemName} × ${order.itemQuantity}: ${formatCents(order.totalAmount)}` },
  ];
  const details: Array<[string, string | null | undefined]> = [
    ["Student", order.studentName],
    ["School", order.studentSchool],
    ["Tournament", [order.tournamentName, order.tournamentDate].filter(Boolean).join(", ")],
    ["Event", order.eventType],
    ["Entry code", order.entryCode === null || order.entryCode === undefined ? null : String(order.entryCode)],
    ["Partner", partnerOf(order)],
    ["Details", order.itemDescription],
  ];
  for (const [label, value] of details) if (value) fields.push({ label: `${prefix} ${label.toLowerCase()}`, value });
  return fields;
}

/** A team entry's partner (decision 0040): "Ben Cho (Ohr Chaim Academy)". */
function partnerOf(order: Order): string | null {
  const data = order.registration;
  const name = [data?.partnerFirst, data?.partnerLast].filter(Boolean).join(" ");
  if (!name) return null;
  return data?.partnerSchool ? `${name} (${data.partnerSchool})` : name;
}

/**
 * The shop's receipt: items, registration details, total, reference, and the not-deductible line. A tournament
 * entry's receipt is also its confirmation (decision 0040): it names the tournament, event and partner, and says how
 * to reach staff (`contactEmail`, also the reply address).
 */
export function shopConfirmationEmail(
  checkout: Checkout,
  orders: Order[],
  contactEmail?: string,
  notes: readonly string[] = [],
  action?: { label: string; url: string },
): EmailMessage {
  const reference = checkoutReference(checkout);
  const test = checkout.provider === "sandbox";
  const entries = orders.filter((order) => order.tournamentName && order.studentName && order.eventType);
  const confirmations = entries.map(
    (order) =>
      `${order.studentName}${partnerOf(order) ? ` and ${partnerOf(order)}` : ""} ${partnerOf(order) ? "are" : "is"} registered for ${order.eventType} at ${order.tournamentName}${order.tournamentDate ? ` (${order.tournamentDate})` : ""}${order.entryCode ? `, entry code ${order.entryCode}` : ""}.`,
  );
  const reach =
    entries.length > 0 && contactEmail
      ? [
          `Questions about a registration? Reply to this email or write to ${contactEmail}, quoting reference ${reference}.`,
        ]
      : [];
  const { html, text } = renderEmail({
    title: "Thank you for your order",
    intro: [
      ...(test
        ? [SANDBOX_NOTICE, "Here is what the order would look like."]
        : ["Your payment was received. Here is your receipt."]),
      ...confirmations,
      ...notes,
      ...reach,
    ],
    fields: [
      ...orders.flatMap(orderFields),
      { label: "Total paid", value: formatCents(checkout.totalAmount) },
      { label: "Reference", value: reference },
    ],
    ...(action ? { action } : {}),
    footer: NOT_DEDUCTIBLE_LINE,
  });
  return {
    to: checkout.email,
    subject: `${test ? SANDBOX_SUBJECT_PREFIX : ""}Your order ${reference}`,
    html,
    text,
    ...(reach.length > 0 ? { replyTo: contactEmail } : {}),
  };
}

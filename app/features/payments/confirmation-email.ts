import type { Checkout, Order } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { renderEmail, type EmailField } from "~/features/email/templates";
import { formatCents } from "~/core/format";
import { SANDBOX_NOTICE, SANDBOX_SUBJECT_PREFIX } from "./sandbox-notice";

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
    ["Details", order.itemDescription],
  ];
  for (const [label, value] of details) if (value) fields.push({ label: `${prefix} ${label.toLowerCase()}`, value });
  return fields;
}

/** The shop's receipt: items, registration details, total, reference, and the not-deductible line. */
export function shopConfirmationEmail(checkout: Checkout, orders: Order[]): EmailMessage {
  const reference = checkoutReference(checkout);
  const test = checkout.provider === "sandbox";
  const { html, text } = renderEmail({
    title: "Thank you for your order",
    intro: test
      ? [SANDBOX_NOTICE, "Here is what the order would look like."]
      : ["Your payment was received. Here is your receipt."],
    fields: [
      ...orders.flatMap(orderFields),
      { label: "Total paid", value: formatCents(checkout.totalAmount) },
      { label: "Reference", value: reference },
    ],
    footer: NOT_DEDUCTIBLE_LINE,
  });
  return { to: checkout.email, subject: `${test ? SANDBOX_SUBJECT_PREFIX : ""}Your order ${reference}`, html, text };
}

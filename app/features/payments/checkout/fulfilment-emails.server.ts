import type { Checkout, CheckoutKind, Order } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { env } from "~/core/env.server";
import { shopConfirmationEmail } from "./confirmation-email";

/** The emails a checkout of one kind queues when it is fulfilled, inside fulfilment's transaction. */
export type FulfilmentEmails = (checkout: Checkout, orders: Order[]) => EmailMessage[];

const byKind = new Map<CheckoutKind, FulfilmentEmails>([
  ["shop", (checkout, orders) => [shopConfirmationEmail(checkout, orders, env().CONTACT_EMAIL)]],
]);

/**
 * A capability that opens checkouts of its own kind says what their fulfilment sends (donations: the receipt and
 * the tribute notice), so payments never imports it: shop and donations depend on payments, not the reverse.
 */
export function registerFulfilmentEmails(kind: CheckoutKind, emails: FulfilmentEmails): void {
  byKind.set(kind, emails);
}

/** What fulfilling `checkout` queues. A kind nobody registered is an error: a paid donation must never go without its receipt. */
export function fulfilmentEmails(checkout: Checkout, orders: Order[]): EmailMessage[] {
  const emails = byKind.get(checkout.kind);
  if (!emails) throw new Error(`no fulfilment emails are registered for a ${checkout.kind} checkout`);
  return emails(checkout, orders);
}

import type { Transaction } from "~/db/client.server";
import type { Checkout, CheckoutKind, Order } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { env } from "~/core/env.server";
import { shopConfirmationEmail } from "./confirmation-email";

/** The emails a checkout of one kind queues when it is fulfilled, inside fulfilment's transaction. */
export type FulfilmentEmails = (checkout: Checkout, orders: Order[], notes: string[]) => EmailMessage[];

const byKind = new Map<CheckoutKind, FulfilmentEmails>([
  ["shop", (checkout, orders, notes) => [shopConfirmationEmail(checkout, orders, env().CONTACT_EMAIL, notes)]],
]);

/**
 * Paragraphs another capability adds to the shop's receipt, read in fulfilment's transaction (the judges feature:
 * what each entry's school owes in judges so far, decision 0045). Registered by the composition root, so payments
 * never imports it.
 */
export type ReceiptNotes = (tx: Transaction, orders: Order[]) => Promise<string[]>;

let receiptNotes: ReceiptNotes | null = null;

export function registerReceiptNotes(notes: ReceiptNotes): void {
  receiptNotes = notes;
}

/** The registered notes for `orders`, or none. */
export async function shopReceiptNotes(tx: Transaction, orders: Order[]): Promise<string[]> {
  return receiptNotes ? receiptNotes(tx, orders) : [];
}

/**
 * A capability that opens checkouts of its own kind says what their fulfilment sends (donations: the receipt and
 * the tribute notice), so payments never imports it: shop and donations depend on payments, not the reverse.
 */
export function registerFulfilmentEmails(kind: CheckoutKind, emails: FulfilmentEmails): void {
  byKind.set(kind, emails);
}

/** What fulfilling `checkout` queues. A kind nobody registered is an error: a paid donation must never go without its receipt. */
export function fulfilmentEmails(checkout: Checkout, orders: Order[], notes: string[] = []): EmailMessage[] {
  const emails = byKind.get(checkout.kind);
  if (!emails) throw new Error(`no fulfilment emails are registered for a ${checkout.kind} checkout`);
  return emails(checkout, orders, notes);
}

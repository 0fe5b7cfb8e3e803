import type { Transaction } from "~/db/client.server";
import type { Checkout, CheckoutKind, Order } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { env } from "~/core/env.server";
import { shopConfirmationEmail } from "./confirmation-email";

/**
 * A private link another capability puts on the shop's receipt, read in fulfilment's transaction (entry-changes: the
 * family's link to its entries, decision 0047): the receipt's call to action, its token among the message's secrets,
 * so the outbox blanks it once sent.
 */
export type ReceiptLink = { label: string; url: string; secret: string };

/** The emails a checkout of one kind queues when it is fulfilled, inside fulfilment's transaction. */
export type FulfilmentEmails = (
  checkout: Checkout,
  orders: Order[],
  notes: string[],
  link?: ReceiptLink | null,
) => EmailMessage[];

const byKind = new Map<CheckoutKind, FulfilmentEmails>([
  [
    "shop",
    (checkout, orders, notes, link) => [
      {
        ...shopConfirmationEmail(
          checkout,
          orders,
          env().CONTACT_EMAIL,
          notes,
          link ? { label: link.label, url: link.url } : undefined,
        ),
        ...(link ? { secrets: [link.secret] } : {}),
      },
    ],
  ],
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

let receiptLink: ((tx: Transaction, checkout: Checkout, orders: Order[]) => Promise<ReceiptLink | null>) | null = null;

/** Registered by the composition root (entry-changes), so payments never imports it. */
export function registerReceiptLink(
  link: (tx: Transaction, checkout: Checkout, orders: Order[]) => Promise<ReceiptLink | null>,
): void {
  receiptLink = link;
}

/** The registered link for a shop checkout's receipt, or none. */
export async function shopReceiptLink(
  tx: Transaction,
  checkout: Checkout,
  orders: Order[],
): Promise<ReceiptLink | null> {
  return receiptLink ? receiptLink(tx, checkout, orders) : null;
}

/**
 * A capability that opens checkouts of its own kind says what their fulfilment sends (donations: the receipt and
 * the tribute notice), so payments never imports it: shop and donations depend on payments, not the reverse.
 */
export function registerFulfilmentEmails(kind: CheckoutKind, emails: FulfilmentEmails): void {
  byKind.set(kind, emails);
}

/** What fulfilling `checkout` queues. A kind nobody registered is an error: a paid donation must never go without its receipt. */
export function fulfilmentEmails(
  checkout: Checkout,
  orders: Order[],
  notes: string[] = [],
  link: ReceiptLink | null = null,
): EmailMessage[] {
  const emails = byKind.get(checkout.kind);
  if (!emails) throw new Error(`no fulfilment emails are registered for a ${checkout.kind} checkout`);
  return emails(checkout, orders, notes, link);
}

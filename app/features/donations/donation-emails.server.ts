import type { Checkout, Order } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { buildReceipt, donationDetails, receiptEmail, tributeEmail } from "./receipt";
import { receiptTokens } from "./receipt.server";
import { donationSettings } from "./settings.server";

/**
 * The emails a completed donation sends: the IRS Publication 1771 receipt,
 * and the tribute notice when one was asked for. Called once, by the payments
 * module's fulfilment (registered by registerDonationHooks, hooks.server.ts), inside its transaction, so they are queued exactly
 * when the checkout becomes completed and never again.
 */
export function donationEmails(checkout: Checkout, orders: Order[]): EmailMessage[] {
  if (checkout.kind !== "donation") return [];
  const settings = donationSettings();
  const tokens = receiptTokens(checkout);
  const receipt = buildReceipt(checkout, orders[0], settings, tokens);
  // The outbox keeps the receipt for its delivery log, without the links' tokens once sent (decision 0044).
  const secrets = tokens.manage ? [tokens.receipt, tokens.manage] : [tokens.receipt];
  const messages: EmailMessage[] = [{ ...receiptEmail(receipt, settings.siteName), secrets }];
  const details = donationDetails(checkout);
  const notice = details ? tributeEmail(details, settings.siteName, checkout.provider === "sandbox") : null;
  if (notice) messages.push(notice);
  return messages;
}

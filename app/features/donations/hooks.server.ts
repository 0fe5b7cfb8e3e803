import { registerFulfilmentEmails } from "~/features/payments/checkout/fulfilment-emails.server";
import { registerWebhookHandler } from "~/features/payments/webhook.server";
import { donationEmails } from "./donation-emails.server";
import { handleMonthlyStripeEvent } from "./monthly/events.server";

/**
 * What donations hand to payments, which never imports them (decision 0009): the emails a fulfilled donation
 * queues, and monthly gifts' share of Stripe's events. One mechanism, registries in payments, wired in one place:
 * server/start.ts calls this at start (and the tests' database helper, which stands in for it), so every process that
 * may fulfil a donation or take a webhook knows them.
 */
export function registerDonationHooks(): void {
  registerFulfilmentEmails("donation", donationEmails);
  registerWebhookHandler(handleMonthlyStripeEvent);
}

import { openCheckout } from "~/features/payments/checkout/checkout.server";
import type { OpenCheckout } from "./donate-action.server";

/** Donations pay through the payments module's checkout (Stripe with submit_type "donate", or the sandbox). */
export const openDonationCheckout: OpenCheckout = openCheckout;

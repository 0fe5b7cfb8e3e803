// What a person is told when a checkout ends unpaid, and where they go back to. A shop checkout keeps its cart;
// a donation has no cart, so its texts say no donation was made and lead back to /donate.
import type { CheckoutKind as UnpaidKind } from "~/db/schema/payments";
import { CART_ANCHOR_PATH } from "~/core/cart-anchor";

/** Where the sandbox's Cancel and Decline lead back to (the same as the provider's cancel URL). */
export function returnPathFor(kind: UnpaidKind): string {
  return kind === "donation" ? "/donate" : CART_ANCHOR_PATH;
}

/** /payment-success when the provider says the payment was declined or the checkout expired. */
export function unpaidMessage(kind: UnpaidKind, reason: "declined" | "expired"): string {
  const what = reason === "declined" ? "The payment was declined." : "This checkout expired before it was paid.";
  const again = reason === "declined" ? "try again" : "start again";
  return kind === "donation"
    ? `${what} No donation was made; you can ${again}.`
    : `${what} Your cart is kept, so you can ${again}.`;
}

/** The sandbox's notice after Decline. */
export function declinedNotice(kind: UnpaidKind) {
  return {
    type: "error" as const,
    title: "Payment declined",
    description:
      kind === "donation"
        ? "No payment was taken and no donation was made. You can try again."
        : "No payment was taken. Your cart is kept, so you can try again.",
  };
}

/** The sandbox page of a checkout that was declined or expired. */
export function closedCheckoutText(kind: UnpaidKind): string {
  return `This checkout is closed (declined or expired). Start again from ${kind === "donation" ? "the donation page" : "your cart"}.`;
}

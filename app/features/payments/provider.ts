import type { CheckoutKind, PaymentProviderName } from "~/db/schema";

/**
 * The payment provider seam (docs/product.md#money): Stripe when its keys are set,
 * otherwise the built-in sandbox. Amounts are integer cents, always computed
 * by the server from the catalogue (or the donation form it validated).
 */
export type CheckoutLineItem = {
  name: string;
  description?: string;
  /** Cents. */
  unitAmount: number;
  quantity: number;
};

export type CreateSessionInput = {
  checkoutId: string;
  kind: CheckoutKind;
  email: string;
  lineItems: CheckoutLineItem[];
  expiresAt: Date;
  /** Absolute URLs; successUrl contains the literal {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  cancelUrl: string;
};

export type ProviderSession = { id: string; url: string };

/** What the provider says about a session, in Stripe's terms. */
export type ProviderSessionState = {
  id: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** Cents, as charged. */
  amountTotal: number | null;
  /** Lower-case ISO code, as charged (null when the provider did not say). */
  currency?: string | null;
  /** Our checkout id (client_reference_id). */
  checkoutId: string | null;
  /** The provider's payment (Stripe's PaymentIntent id), for staff and refunds. */
  paymentId?: string | null;
  /** The payer's email as the provider knows it. */
  email?: string | null;
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  retrieveSession(sessionId: string): Promise<ProviderSessionState>;
  /**
   * Closes an open session so it takes no payment (a newer checkout of the same cart replaced it, or its time
   * passed). Throws when the provider refuses (Stripe refuses a complete session).
   */
  expireSession(sessionId: string): Promise<void>;
}

/** What the /checkout action answers, for the dialog (fetcher) and the no-JavaScript page alike. */
export type CheckoutSummaryLine = { name: string; quantity: number; amount: number; detail: string | null };

export type CheckoutActionData =
  | { status: "ready"; url: string; email: string; total: number; lines: CheckoutSummaryLine[] }
  | { status: "error"; title: string; message: string };

/** The checkout notices of docs/product.md#8-error-and-notice-texts. */
export const checkoutNotices = {
  emptyCart: { title: "Empty Cart", message: "Please add items to your cart before checkout." },
  emailRequired: { title: "Email Required", message: "Please enter your email address to continue." },
  failed: (message: string) => ({
    title: "Checkout Error",
    message: `Failed to start checkout: ${message.replace(/[.\s]+$/, "")}. Please try again.`,
  }),
} as const;

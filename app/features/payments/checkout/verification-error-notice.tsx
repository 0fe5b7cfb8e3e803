import { useEffect } from "react";
import { showToast, type ToastMessage } from "~/ui/toast";

/** The notice of docs/product.md#8-error-and-notice-texts for a payment that could not be verified, word for word. */
export const VERIFICATION_ERROR_NOTICE: ToastMessage = {
  type: "error",
  title: "Verification Error",
  description: "There was an issue verifying your payment. Please contact support.",
};

/**
 * Raises docs/product.md's "Verification Error" toast once, beside the failed
 * verification page's own message (docs/product.md#8-error-and-notice-texts); without JavaScript the
 * same words show in the page.
 */
export function VerificationErrorNotice() {
  useEffect(() => {
    showToast(VERIFICATION_ERROR_NOTICE);
  }, []);
  return (
    <noscript>
      <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-stone-700 sm:px-6">
        <strong className="font-semibold text-destructive">{VERIFICATION_ERROR_NOTICE.title}:</strong>{" "}
        {VERIFICATION_ERROR_NOTICE.description}
      </p>
    </noscript>
  );
}

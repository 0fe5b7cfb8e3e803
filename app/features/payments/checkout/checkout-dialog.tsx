import { ExternalLink } from "lucide-react";
import { buttonVariants } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import type { CheckoutActionData } from "./checkout-data";
import { CheckoutSummary } from "./checkout-summary";

type Ready = Extract<CheckoutActionData, { status: "ready" }>;

/** Complete Your Payment: the summary and Proceed to Payment in a new tab (loaded on use by CheckoutForm). */
export default function CheckoutDialog({
  answer,
  open,
  onClose,
}: {
  answer: Ready;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete Your Payment</DialogTitle>
          <DialogDescription>
            Payment opens in a new tab. Your cart is kept until the payment is complete.
          </DialogDescription>
        </DialogHeader>
        <CheckoutSummary lines={answer.lines} email={answer.email} total={answer.total} />
        <a
          href={answer.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: "accent", className: "w-full" })}
          onClick={onClose}
        >
          Proceed to Payment
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </DialogContent>
    </Dialog>
  );
}

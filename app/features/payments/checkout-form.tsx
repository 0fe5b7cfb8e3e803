import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonVariants } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import type { CheckoutActionData } from "./checkout-data";
import { checkoutNotices } from "./checkout-data";
import { CheckoutNotice, CheckoutSummary } from "./checkout-summary";

/**
 * The order summary's checkout form on /fees (the shop places it): the email
 * and Proceed to Checkout, posting to /checkout. With JavaScript a fetcher
 * posts it and the Complete Your Payment dialog opens with the summary and
 * Proceed to Payment (a new tab); without, /checkout renders that page.
 */
export function CheckoutForm({ email }: { email?: string | null }) {
  const fetcher = useFetcher<CheckoutActionData>({ key: "checkout" });
  // The answer the person closed; a new answer (a new object) opens the dialog again.
  const [closed, setClosed] = useState<CheckoutActionData | null>(null);
  const [localNotice, setLocalNotice] = useState<{ title: string; message: string } | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;
  const notice = localNotice ?? (answer?.status === "error" ? answer : null);
  const open = answer?.status === "ready" && closed !== answer;

  return (
    <>
      <fetcher.Form
        method="post"
        action="/checkout"
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          const value = new FormData(event.currentTarget).get("email");
          if (typeof value !== "string" || !value.trim()) {
            event.preventDefault();
            setLocalNotice(checkoutNotices.emailRequired);
          } else {
            setLocalNotice(null);
          }
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="checkout-email">Email</Label>
          <Input
            id="checkout-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={email ?? ""}
            aria-describedby={notice ? "checkout-notice" : undefined}
          />
        </div>
        {notice ? (
          <div id="checkout-notice">
            <CheckoutNotice title={notice.title} message={notice.message} />
          </div>
        ) : null}
        <Button type="submit" variant="accent" className="w-full" disabled={busy}>
          {busy ? "Starting checkout..." : "Proceed to Checkout"}
        </Button>
      </fetcher.Form>
      <Dialog open={open} onOpenChange={(next) => !next && setClosed(answer ?? null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Complete Your Payment</DialogTitle>
            <DialogDescription>Payment opens in a new tab. Your cart is kept until the payment is complete.</DialogDescription>
          </DialogHeader>
          {answer?.status === "ready" ? (
            <>
              <CheckoutSummary lines={answer.lines} email={answer.email} total={answer.total} />
              <a
                href={answer.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: "accent", className: "w-full" })}
                onClick={() => setClosed(answer)}
              >
                Proceed to Payment
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

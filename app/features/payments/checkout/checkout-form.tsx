import { lazy, Suspense, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import type { CheckoutActionData } from "./checkout-data";
import { checkoutNotices } from "./checkout-data";
import { CheckoutNotice } from "./checkout-summary";

// The Complete Your Payment dialog (Radix Dialog, about 12 KB) loads when the
// form is sent, alongside the answer it shows, not with the shop (decision 0013).
const loadDialog = () => import("./checkout-dialog");
const CheckoutDialog = lazy(loadDialog);

/**
 * The order summary's checkout form on /fees (the shop places it): the email
 * and Proceed to Checkout, posting to /checkout. With JavaScript a fetcher
 * posts it and the Complete Your Payment dialog opens with the summary and
 * Proceed to Payment (a new tab); without, /checkout renders that page.
 */
export function CheckoutForm({ email, empty }: { email?: string | null; empty: boolean }) {
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
          // The order of docs/product.md#8-error-and-notice-texts, as the server answers: the cart first, then the email.
          const blocked = empty
            ? checkoutNotices.emptyCart
            : typeof value !== "string" || !value.trim()
              ? checkoutNotices.emailRequired
              : null;
          if (blocked) {
            event.preventDefault();
            setLocalNotice(blocked);
          } else {
            setLocalNotice(null);
            void loadDialog();
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
      {answer?.status === "ready" ? (
        <Suspense fallback={null}>
          <CheckoutDialog answer={answer} open={open} onClose={() => setClosed(answer)} />
        </Suspense>
      ) : null}
    </>
  );
}

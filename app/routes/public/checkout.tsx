import { useActionData } from "react-router";
import { CART_ANCHOR_PATH } from "~/core/cart-anchor";
import { handleCheckout } from "~/features/shop/cart/checkout-action.server";
import { CheckoutNotice, CheckoutSummary } from "~/features/payments/checkout/checkout-summary";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader, Section } from "~/features/shell/page-header";
import { buttonVariants } from "~/ui/button";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Complete Your Payment",
    description: "Review your order and proceed to payment.",
    path: "/checkout",
  });

/**
 * No loader redirect: after a document POST the route's loader runs too, and
 * a redirect there would hide the action's answer. A plain GET shows the
 * link back to the cart.
 */

/** Proceed to Checkout on /fees posts here (a fetcher with JavaScript, a plain form without). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleCheckout(request, context);
}

/** Without JavaScript: the Complete Your Payment page, or the checkout notice. */
export default function CheckoutPage() {
  const answer = useActionData<typeof action>();
  if (!answer || answer.status !== "ready") {
    return (
      <>
        <PageHeader title="Checkout" />
        <Section>
          <div className="grid max-w-xl gap-4">
            {answer ? (
              <CheckoutNotice title={answer.title} message={answer.message} />
            ) : (
              <p>Start checkout from your cart.</p>
            )}
            <LinkButton to={CART_ANCHOR_PATH} variant="outline" className="justify-self-start">
              Back to your cart
            </LinkButton>
          </div>
        </Section>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Complete Your Payment"
        lead="Review your order, then pay on the secure payment page. Your cart is kept until the payment is complete."
      />
      <Section>
        <div className="grid max-w-xl gap-5">
          <CheckoutSummary lines={answer.lines} email={answer.email} total={answer.total} />
          <a href={answer.url} className={buttonVariants({ variant: "accent", className: "w-full" })}>
            Proceed to Payment
          </a>
          <LinkButton to={CART_ANCHOR_PATH} variant="outline">
            Back to your cart
          </LinkButton>
        </div>
      </Section>
    </>
  );
}

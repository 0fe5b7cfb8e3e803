import { CircleCheck, CircleX, Loader2 } from "lucide-react";
import { useEffect } from "react";
import { data, Form, useRevalidator, useSearchParams } from "react-router";
import { getDb } from "~/db/context";
import { CheckoutSummary } from "~/features/payments/checkout/checkout-summary";
import { useAnnouncePaid } from "~/features/shop/cart/cart-sync";
import { verifyPayment } from "~/features/payments/checkout/payment-result.server";
import { familyJudgeNotes } from "~/features/judges/family-notes.server";
import { FamilyJudgeNotes } from "~/features/judges/family-notes";
import { entryLinkToken } from "~/features/entry-changes/link.server";
import { entriesPath } from "~/features/entry-changes/paths";
import { SANDBOX_NOTICE } from "~/features/payments/sandbox-notice";
import { VerificationErrorNotice } from "~/features/payments/checkout/verification-error-notice";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader, Section } from "~/features/shell/page-header";
import { Button } from "~/ui/button";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/payment-success";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Payment", description: "The result of your payment.", path: "/payment-success" }),
  { name: "robots", content: "noindex" },
];

/** How often the page asks again while the payment is processing. */
const RECHECK_SECONDS = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  const db = getDb(context);
  const result = await verifyPayment(db, sessionId);
  // A paid order also says what each entry's school owes in judges so far (decision 0045).
  // And paid entries have their private link (decision 0047), as in the receipt.
  if (result.state !== "success") return data(result, { headers: { "Cache-Control": "no-store" } });
  const { checkoutId, ...paid } = result;
  const page = {
    ...paid,
    judgeNotes: await familyJudgeNotes(db, result.entrySchools),
    entriesLink: result.entrySchools.length > 0 ? entriesPath(await entryLinkToken(db, checkoutId)) : null,
  };
  return data(page, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } });
}

export default function PaymentSuccessPage({ loaderData: result }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get("session_id");
  const processing = result.state === "processing";
  // The cart this payment emptied may be open in other tabs: they read it again (docs/product.md#shop-and-cart).
  useAnnouncePaid(result.state === "success");
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, RECHECK_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);

  if (result.state === "processing") {
    return (
      <>
        {/* Without JavaScript the page still re-checks by itself. */}
        <noscript>
          <meta httpEquiv="refresh" content={String(RECHECK_SECONDS + 1)} />
        </noscript>
        <PageHeader
          title="Verifying Payment..."
          lead="Your payment is being confirmed. This page checks again by itself every few seconds."
        />
        <Section>
          <p role="status" className="flex items-center gap-2 text-stone-700">
            <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" /> Waiting for the
            payment provider…
          </p>
        </Section>
      </>
    );
  }
  if (result.state === "delayed") {
    return (
      <>
        <PageHeader
          title="Payment Processing"
          lead={`Your payment was submitted and is on its way; some payment methods take a few days. We will email ${result.email} as soon as it arrives. You do not need to keep this page open, and please do not pay again.`}
        >
          <LinkButton to="/">Return to Home</LinkButton>
        </PageHeader>
      </>
    );
  }
  if (result.state === "success") {
    return (
      <>
        <PageHeader
          title="Payment Successful!"
          lead={
            <span className="flex items-start gap-2">
              <CircleCheck className="mt-1 size-6 shrink-0 text-green-700" aria-hidden="true" />
              <span>
                Thank you. A receipt is on its way to {result.email}. Your reference is {result.reference}.
              </span>
            </span>
          }
        >
          <LinkButton to="/fees" variant="outline">
            Back to Shopping
          </LinkButton>
          <LinkButton to="/">Return to Home</LinkButton>
        </PageHeader>
        <Section>
          <div className="grid max-w-xl gap-3">
            {result.test ? (
              <p role="note" className="rounded-card bg-amber-200 px-4 py-3 font-bold text-stone-900">
                {SANDBOX_NOTICE}
              </p>
            ) : null}
            <h2 className="text-xl font-bold text-navy-900">Order summary</h2>
            <CheckoutSummary lines={result.lines} email={result.email} total={result.total} />
            {result.entriesLink ? (
              <div className="rounded-card border border-border bg-card p-4">
                <h2 className="text-lg font-bold text-navy-900">Your entries</h2>
                <p className="mt-1 text-sm text-stone-700">
                  Fix a name, change a partner or switch events until registration closes, at your private link (also
                  in your receipt). Keep it private.
                </p>
                <LinkButton to={result.entriesLink} className="mt-3">
                  See or change your entries
                </LinkButton>
              </div>
            ) : null}
            <FamilyJudgeNotes notes={result.judgeNotes} />
          </div>
        </Section>
      </>
    );
  }
  const message = result.state === "missing" ? "No session ID found in URL" : result.message;
  return (
    <>
      <PageHeader
        title="Payment Verification Failed"
        lead={
          <span role="alert" className="flex items-start gap-2">
            <CircleX className="mt-1 size-6 shrink-0 text-destructive" aria-hidden="true" />
            <span>{message}</span>
          </span>
        }
      >
        {/* A GET to the same address: asks again, with or without JavaScript. */}
        <Form method="get" reloadDocument>
          {sessionId ? <input type="hidden" name="session_id" value={sessionId} /> : null}
          <Button type="submit" variant="outline">
            Refresh Page
          </Button>
        </Form>
        <LinkButton to="/contact">Contact Support</LinkButton>
      </PageHeader>
      <VerificationErrorNotice />
    </>
  );
}

import { data, Form, redirect } from "react-router";
import { formText, tryReadForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { monthlyOf, startSandboxGift } from "~/features/donations/monthly/gifts.server";
import { checkoutBySession } from "~/features/payments/checkout/checkout.server";
import { CheckoutSummary } from "~/features/payments/checkout/checkout-summary";
import { sandboxDecide, summaryLines } from "~/features/payments/checkout/payment-result.server";
import { sandboxEnabled } from "~/features/payments/providers.server";
import { closedCheckoutText, declinedNotice, returnPathFor } from "~/features/payments/checkout/unpaid";
import { formatCents } from "~/core/format";
import { PageHeader, Section } from "~/features/shell/page-header";
import { Button } from "~/ui/button";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/checkout-sandbox";

export const meta: Route.MetaFunction = () => [
  { title: "Test payment (sandbox)" },
  { name: "robots", content: "noindex" },
];

const notFound = () => new Response("Not Found", { status: 404 });

/** The built-in sandbox's hosted checkout page; never served when Stripe keys are set. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!sandboxEnabled()) throw notFound();
  const sessionId = new URL(request.url).searchParams.get("session_id");
  const db = getDb(context);
  const checkout = sessionId ? await checkoutBySession(db, sessionId) : undefined;
  if (!sessionId || !checkout || checkout.provider !== "sandbox") throw notFound();
  if (checkout.status === "completed") throw redirect(`/payment-success?session_id=${encodeURIComponent(sessionId)}`);
  const orders = await db.query.orders.findMany({ where: (table, { eq }) => eq(table.checkoutId, checkout.id) });
  return data(
    {
      sessionId,
      open: checkout.status === "open",
      cancelPath: returnPathFor(checkout.kind),
      closedText: closedCheckoutText(checkout.kind),
      email: checkout.email,
      total: checkout.totalAmount,
      lines: summaryLines(orders),
      monthly: monthlyOf(checkout) !== null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!sandboxEnabled()) throw notFound();
  const read = await tryReadForm(request);
  if (!read.ok) return data({ message: read.message }, { status: read.status });
  const sessionId = formText(read.form, "session_id");
  const intent = formText(read.form, "intent");
  if (intent !== "pay" && intent !== "decline") return data({ message: "Choose Pay or Decline." }, { status: 400 });
  const outcome = await sandboxDecide(getDb(context), sessionId, intent);
  if (!outcome.ok) throw notFound();
  // A monthly gift's first month: the sandbox's own subscription starts (decision 0033).
  if (outcome.paid) await startSandboxGift(getDb(context), outcome.checkout.id);
  if (intent === "decline" && !outcome.paid) {
    return redirectWithToast(returnPathFor(outcome.checkout.kind), declinedNotice(outcome.checkout.kind));
  }
  return redirect(`/payment-success?session_id=${encodeURIComponent(sessionId)}`);
}

export default function SandboxCheckoutPage({ loaderData }: Route.ComponentProps) {
  const { sessionId, open, cancelPath, closedText, email, total, lines, monthly } = loaderData;
  return (
    <>
      <div role="note" className="bg-amber-200 px-4 py-2 text-center text-sm font-bold text-stone-900">
        TEST MODE: sandbox checkout. No card is charged, no payment is taken and no money moves.
      </div>
      <PageHeader
        eyebrow="Test mode"
        title="Sandbox payment"
        lead="This page stands in for the card payment provider: this site takes no real payments. Pay completes a test order; its emails and receipts say they are tests."
      />
      <Section>
        <div className="grid max-w-xl gap-5">
          <CheckoutSummary lines={lines} email={email} total={total} />
          {open ? (
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="session_id" value={sessionId} />
              <Button type="submit" name="intent" value="pay" variant="accent" className="w-full">
                {monthly ? `Pay ${formatCents(total)} a month` : `Pay ${formatCents(total)}`}
              </Button>
              <Button type="submit" name="intent" value="decline" variant="outline" className="w-full">
                Decline
              </Button>
            </Form>
          ) : (
            <p role="status" className="text-stone-700">
              {closedText}
            </p>
          )}
          <LinkButton to={cancelPath} variant="link" className="justify-self-start">
            Cancel
          </LinkButton>
        </div>
      </Section>
    </>
  );
}

import { CircleCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { DashboardHeader, EmptyState } from "~/ui/dashboard";

export type AttentionView = {
  id: string;
  title: string;
  todo: string;
  amount: string | null;
  email: string | null;
  reference: string | null;
  sessionId: string;
  paymentId: string | null;
  provider: string;
  received: string;
  resolved: string | null;
};

/**
 * /admin/payments: money that arrived where no order could take it, each
 * with what to do, and "Mark as resolved" (a plain form post, so it works
 * without JavaScript) once staff refunded it or completed the order by hand.
 */
export function AttentionList({ items }: { items: AttentionView[] }) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const open = items.filter((item) => !item.resolved).length;
  return (
    <div className="grid gap-5">
      <DashboardHeader
        title="Payments needing attention"
        description="Payments the site received but could not match to an open order: a payment after its checkout closed, or a different amount, currency or payment session. No order was completed for them. Refund each in Stripe, or complete the order by hand, then mark it resolved."
      />
      {items.length === 0 ? (
        <EmptyState title="No payments need attention">
          <p>Every payment received so far completed its order. Any that cannot will appear here, and staff get an email.</p>
        </EmptyState>
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {open === 0 ? "All resolved." : `${open} to resolve.`}
          </p>
          <ul className="grid gap-3" aria-label="Payments needing attention">
            {items.map((item) => (
              <li key={item.id} className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-xs">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid min-w-0 gap-0.5">
                    <p className="font-semibold break-words text-navy-900">{item.title}</p>
                    <p className="text-sm break-all text-muted-foreground">{item.email ?? "No email given"}</p>
                  </div>
                  <Badge variant={item.resolved ? "muted" : "danger"}>{item.resolved ? "Resolved" : "To resolve"}</Badge>
                </div>
                <p className="text-sm">{item.todo}</p>
                <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="font-semibold text-muted-foreground">Amount</dt>
                  <dd className="tabular">{item.amount ?? "—"}</dd>
                  <dt className="font-semibold text-muted-foreground">Received</dt>
                  <dd>{item.received}</dd>
                  <dt className="font-semibold text-muted-foreground">Checkout</dt>
                  <dd>{item.reference ?? "—"}</dd>
                  <dt className="font-semibold text-muted-foreground">{item.provider === "stripe" ? "Stripe session" : "Session"}</dt>
                  <dd className="font-mono text-xs break-all">{item.sessionId}</dd>
                  {item.paymentId ? (
                    <>
                      <dt className="font-semibold text-muted-foreground">Stripe payment</dt>
                      <dd className="font-mono text-xs break-all">{item.paymentId}</dd>
                    </>
                  ) : null}
                  {item.resolved ? (
                    <>
                      <dt className="font-semibold text-muted-foreground">Resolved</dt>
                      <dd>{item.resolved}</dd>
                    </>
                  ) : null}
                </dl>
                {item.resolved ? null : (
                  <Form method="post" className="flex">
                    <input type="hidden" name="id" value={item.id} />
                    <Button type="submit" name="intent" value="resolve" variant="outline" disabled={busyId === item.id}>
                      <CircleCheck aria-hidden="true" />
                      Mark as resolved<span className="sr-only">: {item.title}, {item.amount}</span>
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

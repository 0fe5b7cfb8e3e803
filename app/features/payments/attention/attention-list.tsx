import { CircleCheck } from "lucide-react";
import { DashboardHeader, EmptyState } from "~/ui/dashboard";
import { ProblemAction, ProblemCard, ProblemDetails, ProblemList } from "~/ui/problem-list";

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
  const open = items.filter((item) => !item.resolved).length;
  return (
    <div className="grid gap-5">
      <DashboardHeader
        title="Payments needing attention"
        description="Money the site could not match to an order: a payment after its checkout closed, or a different amount, currency or payment session (no order was completed for them: refund each in Stripe, or complete the order by hand), and refunds or disputes at Stripe of payments the site does not know. Then mark it resolved."
      />
      {items.length === 0 ? (
        <EmptyState title="No payments need attention">
          <p>
            Every payment received so far completed its order. Any that cannot will appear here, and staff get an email.
          </p>
        </EmptyState>
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {open === 0 ? "All resolved." : `${open} to resolve.`}
          </p>
          <ProblemList label="Payments needing attention">
            {items.map((item) => (
              <ProblemCard
                key={item.id}
                title={item.title}
                subtitle={item.email ?? "No email given"}
                badge={
                  item.resolved ? { variant: "muted", text: "Resolved" } : { variant: "danger", text: "To resolve" }
                }
              >
                <p className="text-sm">{item.todo}</p>
                <ProblemDetails
                  rows={[
                    ["Amount", item.amount ?? "—", "tabular"],
                    ["Received", item.received],
                    ["Checkout", item.reference ?? "—"],
                    [
                      // An unmatched refund or dispute is kept under Stripe's own id for it (re_..., dp_...).
                      item.sessionId.startsWith("re_")
                        ? "Stripe refund"
                        : item.sessionId.startsWith("dp_")
                          ? "Stripe dispute"
                          : item.provider === "stripe"
                            ? "Stripe session"
                            : "Session",
                      item.sessionId,
                      "font-mono text-xs break-all",
                    ],
                    item.paymentId ? ["Stripe payment", item.paymentId, "font-mono text-xs break-all"] : null,
                    item.resolved ? ["Resolved", item.resolved] : null,
                  ]}
                />
                {item.resolved ? null : (
                  <ProblemAction
                    id={item.id}
                    intent="resolve"
                    icon={<CircleCheck aria-hidden="true" />}
                    label="Mark as resolved"
                    subject={`${item.title}, ${item.amount ?? ""}`}
                    variant="outline"
                    className="flex"
                  />
                )}
              </ProblemCard>
            ))}
          </ProblemList>
        </>
      )}
    </div>
  );
}

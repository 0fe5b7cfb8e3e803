import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/payment-success";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Payment",
    description: "Payment results will be shown here once online checkout opens.",
    path: "/payment-success",
  });

export default function PaymentSuccessPage() {
  return (
    <PageHeader title="Payment" lead="Payment results will be shown here once online checkout opens.">
      <LinkButton to="/fees" variant="outline">Back to Shopping</LinkButton>
      <LinkButton to="/">Return to Home</LinkButton>
    </PageHeader>
  );
}

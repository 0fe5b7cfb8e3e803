import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/fees";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Shopping Cart",
    description: "Tournament fees, registrations and district apparel. Online checkout opens soon; until then, contact us to register.",
    path: "/fees",
  });

export default function FeesPage() {
  return (
    <PageHeader title="Shopping Cart" lead="Tournament fees, registrations and district apparel. Online checkout opens soon; until then, contact us to register.">
      <LinkButton to="/contact" variant="accent">Contact us to register</LinkButton>
      <LinkButton to="/events" variant="outline">See upcoming events</LinkButton>
    </PageHeader>
  );
}

import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/donate";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Donate",
    description: "Online donations open soon; until then, contact us to give.",
    path: "/donate",
  });

export default function DonatePage() {
  return (
    <PageHeader title="Support the District" lead="Online donations open soon; until then, contact us to give.">
      <LinkButton to="/contact" variant="accent">Contact us to give</LinkButton>
      <LinkButton to="/mission" variant="outline">Read our mission</LinkButton>
    </PageHeader>
  );
}

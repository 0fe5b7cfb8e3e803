import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Event Schedule",
    description: "Every upcoming tournament, camp and qualifier of the district.",
    path: "/events",
  });

export default function EventsPage() {
  return <PageHeader title="Events Calendar" lead="Every upcoming tournament, camp and qualifier of the district." />;
}

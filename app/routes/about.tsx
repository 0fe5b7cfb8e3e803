import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Team",
    description: "The coaches and boards who run the district.",
    path: "/about",
  });

export default function AboutPage() {
  return <PageHeader title="Our Team" lead="The coaches and boards who run the district." />;
}

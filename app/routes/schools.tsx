import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/schools";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Member Schools",
    description: "The schools whose students compete with the district.",
    path: "/schools",
  });

export default function SchoolsPage() {
  return <PageHeader title="Member Schools" lead="The schools whose students compete with the district." />;
}

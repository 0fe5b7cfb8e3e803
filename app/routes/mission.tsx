import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/mission";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Mission",
    description: "Why the district exists and what it provides.",
    path: "/mission",
  });

export default function MissionPage() {
  return <PageHeader title="Our Mission" lead="Why the district exists and what it provides." />;
}

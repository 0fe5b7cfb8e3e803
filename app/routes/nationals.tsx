import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/nationals";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Nationals",
    description: "Our qualifiers to the national championship.",
    path: "/2025-nationals-team",
  });

export default function NationalsPage() {
  return <PageHeader title="Nationals" lead="Our qualifiers to the national championship." />;
}

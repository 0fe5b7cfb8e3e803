import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/dress-code";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Dress Code",
    description: "What to wear for online competition.",
    path: "/dress-code",
  });

export default function DressCodePage() {
  return <PageHeader title="Dress Code" lead="What to wear for online competition." />;
}

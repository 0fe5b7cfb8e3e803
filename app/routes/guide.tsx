import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/guide";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Competition Guide",
    description: "Formats, judging and preparation for every event we run.",
    path: "/guide",
  });

export default function GuidePage() {
  return <PageHeader title="Competition Guide" lead="Formats, judging and preparation for every event we run." />;
}

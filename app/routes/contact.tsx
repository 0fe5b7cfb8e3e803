import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact",
    description: "Questions about joining, competing, judging or coaching.",
    path: "/contact",
  });

export default function ContactPage() {
  return <PageHeader title="Contact Us" lead="Questions about joining, competing, judging or coaching." />;
}

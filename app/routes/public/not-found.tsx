import { data } from "react-router";
import { logger } from "~/core/logger.server";
import { requestInfoContext } from "~/core/request-context";
import { NotFoundMessage } from "~/features/shell/not-found-message";
import { siteNameOf } from "~/features/shell/meta";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  logger.warn({ path, requestId: context.get(requestInfoContext).requestId }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Page not found | ${siteNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-6 py-24 text-center">
      <NotFoundMessage />
    </section>
  );
}

import { data, isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";
import { getDb } from "~/db/context";
import {
  entryScopeOr404,
  handleEntriesAction,
  limitedEntriesPage,
  privateHeaders,
} from "~/features/entry-changes/action.server";
import type { EntriesAnswer } from "~/features/entry-changes/entries-data";
import { EntriesPage } from "~/features/entry-changes/entries-page";
import { entriesPageData } from "~/features/entry-changes/page.server";
import { ENTRIES_PATH } from "~/features/entry-changes/paths";
import { InLayoutError } from "~/features/shell/error-page";
import { PageHeader, Section } from "~/features/shell/page-header";
import type { RootData } from "~/features/shell/use-site";
import type { Route } from "./+types/entries-link";

export const meta: Route.MetaFunction = () => [
  { title: "Your tournament entries" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A family's entries at the private link in its confirmation email (app/features/entry-changes, decision 0047). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await entryScopeOr404(context, params.token);
  if (!found.ok) throw limitedEntriesPage(found.limited);
  return data(await entriesPageData(getDb(context), found.scope), { headers: privateHeaders });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return handleEntriesAction(request, context, params.token);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders, actionHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export default function EntriesLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Tournaments" title="Your tournament entries" />
      <Section className="max-w-3xl">
        <EntriesPage page={loaderData} answer={actionData as EntriesAnswer | undefined} />
      </Section>
    </>
  );
}

/** A link that matches nothing is "not found" in this page's words; any other error is the status-aware page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRouteLoaderData<RootData>("root")?.requestId;
  if (!isRouteErrorResponse(error) || error.status !== 404) return <InLayoutError error={error} requestId={requestId} />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-navy-900">Entries not found</h1>
      <p className="mt-3 text-stone-700">
        Please check the link in your confirmation email, or{" "}
        <Link to={ENTRIES_PATH} className="font-semibold underline underline-offset-4">
          have it sent again
        </Link>
        .
      </p>
    </section>
  );
}

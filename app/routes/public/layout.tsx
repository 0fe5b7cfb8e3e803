import { Outlet, type ShouldRevalidateFunctionArgs, useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import { footerContent } from "~/features/content/content.server";
import { fillSettings } from "~/features/content/settings-text";
import { getDb } from "~/db/context";
import { requirePreviewer } from "~/features/accounts/guards.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { InLayoutError } from "~/features/shell/error-page";
import { PreviewBanner } from "~/features/shell/page-header";
import { publicSiteConfig } from "~/features/shell/site-config.server";
import { SiteFooter } from "~/features/shell/site-footer";
import { SiteHeader } from "~/features/shell/site-header";
import { SkipLink } from "~/features/shell/skip-link";
import { useRootData } from "~/features/shell/use-site";
import type { Route } from "./+types/layout";

/** The footer's links (content/footer.yaml), or to signed-in staff at ?preview=footer, the draft (decision 0039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePreviewer(request, context);
  const draft = await previewDraft(getDb(context), staff, request, "footer");
  return { footer: fillSettings(draft ?? footerContent(), publicSiteConfig()), preview: draft ? "footer" : null };
}

/** The footer changes only on a publish: moving between public pages needs nothing new, a preview does. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.searchParams.get("preview") !== nextUrl.searchParams.get("preview")) return true;
  return formMethod ? defaultShouldRevalidate : false;
}

function PublicFrame({ data, children }: { data: Awaited<ReturnType<typeof loader>> | undefined; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PreviewBanner section={data?.preview ?? null} />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter content={data?.footer} />
    </div>
  );
}

export default function PublicLayout() {
  return (
    <PublicFrame data={useLoaderData<typeof loader>()}>
      <Outlet />
    </PublicFrame>
  );
}

/** A public page whose loader or render fails keeps the site's header and footer around the error. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { requestId } = useRootData();
  return (
    <PublicFrame data={useRouteLoaderData<typeof loader>("routes/public/layout")}>
      <InLayoutError error={error} requestId={requestId} />
    </PublicFrame>
  );
}

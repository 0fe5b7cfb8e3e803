import { Outlet, useRouteError } from "react-router";
import { RouteErrorMessage } from "~/features/site/error-page";
import { SiteFooter } from "~/features/site/site-footer";
import { SiteHeader } from "~/features/site/site-header";
import { SkipLink } from "~/features/site/skip-link";
import { useRootData } from "~/features/site/use-site";

function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

/** A public page whose loader or render fails keeps the site's header and footer around the error. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { requestId } = useRootData();
  return (
    <PublicFrame>
      <section className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-6 py-24 text-center">
        <RouteErrorMessage error={error} requestId={requestId} />
      </section>
    </PublicFrame>
  );
}

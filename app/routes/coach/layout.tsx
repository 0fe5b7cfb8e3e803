import { Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { requireCoachSchools } from "~/features/accounts/guards.server";
import { CoachNav } from "~/features/coaches/season/coach-nav";
import { footerContent } from "~/features/content/content.server";
import { fillSettings } from "~/features/content/settings-text";
import { RouteErrorMessage } from "~/features/shell/error-page";
import { publicSiteConfig } from "~/features/shell/site-config.server";
import { SiteFooter } from "~/features/shell/site-footer";
import { SiteHeader } from "~/features/shell/site-header";
import { SkipLink } from "~/features/shell/skip-link";
import { useRootData } from "~/features/shell/use-site";
import type { Route } from "./+types/layout";

/** The coach's pages (decision 0054): the site's header and footer, and the coach's own navigation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireCoachSchools(request, context);
  return {
    coach: { email: coach.user.email, schools: coach.schools.map((school) => school.name) },
    footer: fillSettings(footerContent(), publicSiteConfig()),
  };
}

function CoachFrame({
  data,
  children,
}: {
  data: Awaited<ReturnType<typeof loader>> | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {data ? <CoachNav email={data.coach.email} schools={data.coach.schools} /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6">
        {children}
      </main>
      <SiteFooter content={data?.footer} />
    </div>
  );
}

export default function CoachLayout({ loaderData }: Route.ComponentProps) {
  return (
    <CoachFrame data={loaderData}>
      <Outlet />
    </CoachFrame>
  );
}

/** A refusal (403, 404) or failure keeps the coach's frame when the coach could be read. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { requestId } = useRootData();
  return (
    <CoachFrame data={useRouteLoaderData<typeof loader>("routes/coach/layout")}>
      <section className="mx-auto flex max-w-2xl flex-col items-center gap-5 py-16 text-center">
        <RouteErrorMessage error={error} requestId={requestId} />
      </section>
    </CoachFrame>
  );
}

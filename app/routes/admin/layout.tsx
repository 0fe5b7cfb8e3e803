import { Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { logger } from "~/core/logger.server";
import { pageUrl } from "~/core/page-url";
import { getDb } from "~/db/context";
import { AdminShell } from "~/features/shell/admin/admin-shell";
import { requireUser } from "~/features/accounts/guards.server";
import { profileNotices } from "~/features/accounts/notices";
import { readSidebarOpen } from "~/features/shell/admin/sidebar-state";
import { countMailProblems } from "~/features/email/mail-admin.server";
import { countUnresolvedPayments } from "~/features/payments/attention/attention.server";
import { ErrorPage, RouteErrorMessage } from "~/features/shell/error-page";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The same notice as the page's own when the account cannot be read (both loaders share one lookup).
  // (A client-side navigation asks for `/admin/profile.data`: the page is what counts.)
  const onProfile = pageUrl(request).pathname === "/admin/profile";
  const user = await requireUser(request, context, onProfile ? { failure: profileNotices.loadFailed.description } : {});
  // Admins see how many emails need them (failed or long retrying) beside Mail Delivery.
  const navCounts: Record<string, number> = {};
  if (user.role === "admin") navCounts["/admin/mail"] = await mailProblemCount(getDb(context));
  // And how many payments need them (decision 0024).
  if (user.role === "admin")
    navCounts["/admin/payments"] = await countOf(
      () => countUnresolvedPayments(getDb(context)),
      "payments needing attention",
    );
  return {
    user: { email: user.email, role: user.role },
    sidebarOpen: readSidebarOpen(request.headers.get("Cookie")),
    navCounts,
  };
}

/** A count that cannot be read must not take the whole admin area down with it. */
async function mailProblemCount(db: Parameters<typeof countMailProblems>[0]): Promise<number> {
  try {
    return await countMailProblems(db);
  } catch (error) {
    logger.error({ err: error }, "counting mail problems failed");
    return 0;
  }
}

/** Like mailProblemCount: a count that cannot be read shows none. */
async function countOf(read: () => Promise<number>, what: string): Promise<number> {
  try {
    return await read();
  } catch (error) {
    logger.error({ err: error }, `counting ${what} failed`);
    return 0;
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user} sidebarOpen={loaderData.sidebarOpen} navCounts={loaderData.navCounts}>
      <Outlet />
    </AdminShell>
  );
}

/** A page's 403 (or other error) is shown inside the shell, so the sidebar stays. */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const requestId = useRouteLoaderData<typeof rootLoader>("root")?.requestId;
  // The layout's own loader failed (no user to draw the shell for): the page on its own.
  if (!layout) return <ErrorPage error={error} requestId={requestId} />;
  return (
    <AdminShell user={layout.user} sidebarOpen={layout.sidebarOpen} navCounts={layout.navCounts}>
      <div className="mx-auto mt-8 flex max-w-lg flex-col items-center gap-4 text-center">
        <RouteErrorMessage error={error} requestId={requestId} />
      </div>
    </AdminShell>
  );
}

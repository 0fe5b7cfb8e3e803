import { data } from "react-router";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { getSessionUser, requireAdmin } from "~/features/accounts/guards.server";
import { safeRedirectPath } from "~/features/accounts/redirect";
import { listContactSubmissions, setHandled } from "~/features/contact-admin/contact-admin.server";
import { writeAudit } from "~/features/accounts/audit.server";
import type { Database } from "~/db/client.server";
import { ContactDetails } from "~/features/contact-admin/contact-details";
import { ContactList } from "~/features/contact-admin/contact-list";
import { CONTACT_STATUSES, contactHref, handledActionSchema, parseContactFilters } from "~/features/contact-admin/filters";
import { LOAD_FAILED_MESSAGE, LOGIN_REQUIRED_MESSAGE } from "~/features/contact-admin/messages";
import { DashboardHeader, EmptyState, PaginationNav } from "~/features/orders/dashboard-ui";
import { cn } from "~/ui/cn";
import { LinkButton } from "~/ui/link-button";
import { Link } from "react-router";
import type { Route } from "./+types/contact-submissions";

/**
 * Signed out: SPEC.md's notice, then the sign-in screen (coming back here
 * afterwards). Middleware, because it runs before the admin layout's loader,
 * whose own redirect would otherwise win and drop the notice.
 */
const loginNotice: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (!(await getSessionUser(request, context))) {
    const url = new URL(request.url);
    const back = safeRedirectPath(`${url.pathname}${url.search}`);
    throw await redirectWithToast(`/auth?${new URLSearchParams({ redirectTo: back })}`, {
      type: "error",
      title: LOGIN_REQUIRED_MESSAGE,
    });
  }
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [loginNotice];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filters = parseContactFilters(new URL(request.url).searchParams);
  const siteName = env().SITE_NAME;
  try {
    const listing = await listContactSubmissions(getDb(context), filters);
    return { ok: true as const, filters, listing, siteName };
  } catch (error) {
    logger.error({ err: error }, "contact submissions failed to load");
    return data({ ok: false as const, filters, siteName }, { status: 500 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const form = await request.formData();
  const parsed = handledActionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  const status = parseContactFilters(new URLSearchParams({ status: String(form.get("status") ?? "") })).status;
  if (!parsed.success) {
    return data({ error: "That request was not understood. Please reload the page and try again." }, { status: 400 });
  }
  const { intent, id } = parsed.data;
  // The change and its audit entry land together or not at all.
  const row = await getDb(context).transaction(async (tx) => {
    const db = tx as unknown as Database;
    const updated = await setHandled(db, { id, handled: intent === "handle", by: user.email });
    if (updated) {
      await writeAudit(db, {
        actor: { id: user.id, email: user.email },
        action: intent === "handle" ? "contact.handle" : "contact.reopen",
        details: { contactId: id },
      });
    }
    return updated;
  });
  if (!row) {
    return data({ error: "That message no longer exists." }, { status: 404 });
  }
  logger.info({ contactId: id, intent, actorUserId: user.id }, "contact submission status changed");
  return redirectWithToast(contactHref({ status, id }), {
    type: "success",
    title: intent === "handle" ? "Marked as handled" : "Reopened",
    description: `Message from ${row.name}.`,
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | Admin Dashboard" }];

const statusLabels = { open: "Open", handled: "Handled", all: "All" } as const;

export default function ContactSubmissionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <div className="grid gap-5">
      <DashboardHeader title="Contact Submissions" description="Messages from the contact form, newest first." />
      {actionData?.error ? (
        <p role="alert" className="rounded-card border border-destructive/40 bg-danger-soft p-3 text-sm font-medium text-destructive">
          {actionData.error}
        </p>
      ) : null}
      {loaderData.ok ? (
        <>
          <nav aria-label="Filter by status" className="flex gap-1 rounded-xl bg-muted p-1 sm:w-fit">
            {CONTACT_STATUSES.map((status) => (
              <Link
                key={status}
                to={contactHref({ status })}
                aria-current={filters.status === status ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-lg px-4 text-sm font-semibold text-muted-foreground hover:text-foreground sm:flex-none",
                  filters.status === status && "bg-card text-foreground shadow-xs",
                )}
              >
                {statusLabels[status]}
                <span className="tabular text-xs">({loaderData.listing.counts[status]})</span>
              </Link>
            ))}
          </nav>
          {loaderData.listing.counts.all === 0 ? (
            <EmptyState title="No contact submissions yet">
              <p>Messages sent with the contact form appear here.</p>
            </EmptyState>
          ) : (
            <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-start">
              <section aria-label="Messages" className="grid gap-3">
                {loaderData.listing.rows.length === 0 ? (
                  <EmptyState title={filters.status === "open" ? "No open messages" : "No handled messages"}>
                    <LinkButton to={contactHref({ status: "all" })} variant="outline">
                      Show all messages
                    </LinkButton>
                  </EmptyState>
                ) : (
                  <ContactList rows={loaderData.listing.rows} status={filters.status} page={loaderData.listing.page} selectedId={filters.id} />
                )}
                <PaginationNav page={loaderData.listing.page} pageCount={loaderData.listing.pageCount} label="Message pages" />
              </section>
              {/* On a phone the opened message comes first, above the list. */}
              <div className="order-first md:order-none md:sticky md:top-20">
                {loaderData.listing.selected ? (
                  <ContactDetails submission={loaderData.listing.selected} status={filters.status} siteName={loaderData.siteName} />
                ) : (
                  <p className="hidden rounded-card border border-dashed border-input bg-card p-8 text-center text-sm text-muted-foreground md:block">
                    {filters.id ? "That message was not found." : "Select a message to see its details."}
                  </p>
                )}
              </div>
            </div>
          )}
        </>
      ) : (
        <p role="alert" className="rounded-card border border-destructive/40 bg-danger-soft p-4 text-sm font-medium text-destructive">
          {LOAD_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}

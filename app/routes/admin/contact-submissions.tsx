import { data } from "react-router";
import { env } from "~/core/env.server";
import { notUnderstood, readForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { accessCheckFailed, getSessionUser, requireAdmin } from "~/features/accounts/guards.server";
import { afterSignInPath } from "~/features/accounts/access";
import { listContactSubmissions, setHandled } from "~/features/contact-admin/contact-admin.server";
import { auditedChange } from "~/features/accounts/audit.server";
import { ContactSubmissionsView } from "~/features/contact-admin/contact-submissions-view";
import { contactHref, handledActionSchema, parseContactFilters } from "~/features/contact-admin/filters";
import { LOGIN_REQUIRED_MESSAGE } from "~/features/contact-admin/messages";
import type { Route } from "./+types/contact-submissions";

/**
 * Signed out: docs/product.md's notice, then the sign-in screen (coming back here
 * afterwards). Middleware, because it runs before the admin layout's loader,
 * whose own redirect would otherwise win and drop the notice.
 */
const loginNotice: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (!(await getSessionUser(request, context).catch(accessCheckFailed()))) {
    const url = new URL(request.url);
    const back = afterSignInPath(`${url.pathname}${url.search}`);
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
  const form = await readForm(request);
  const parsed = handledActionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  const status = parseContactFilters(new URLSearchParams({ status: String(form.get("status") ?? "") })).status;
  if (!parsed.success) {
    return notUnderstood();
  }
  const { intent, id } = parsed.data;
  const row = await auditedChange(
    getDb(context),
    user,
    (tx) => setHandled(tx, { id, handled: intent === "handle", by: user.email }),
    () => ({ action: intent === "handle" ? "contact.handle" : "contact.reopen", details: { contactId: id } }),
  );
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

export default function ContactSubmissionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactSubmissionsView loaderData={loaderData} actionError={actionData?.error} />;
}

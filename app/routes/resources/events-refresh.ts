import { data, redirect } from "react-router";
import { readForm } from "~/core/form.server";
import { safeRedirect } from "~/core/safe-redirect";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { refreshNotice } from "~/features/events/notices";
import { eventsService } from "~/features/events/events.server";
import type { Route } from "./+types/events-refresh";

/**
 * The widget's Refresh: refetch the sheet now. The cache rate-limits it, so
 * the button cannot hammer the sheet. With JavaScript the widget reads the
 * result and the pages' loaders revalidate; without it, a redirect back with
 * a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await eventsService().refresh(getDb(context));
  if (form.get("client") === "fetch") {
    return data({ ok: outcome.ok, rateLimited: outcome.rateLimited });
  }
  return redirectWithToast(safeRedirect(form.get("redirectTo"), { fallback: "/events" }), refreshNotice(outcome));
}

export function loader() {
  return redirect("/events");
}

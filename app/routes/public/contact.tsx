import type { ShouldRevalidateFunction } from "react-router";
import type { ContactActionData } from "~/features/contact/action-data";
import { handleContactSubmission } from "~/features/contact/contact-action.server";
import { ContactPage, preloadContactPage } from "~/features/contact/contact-page";
import { CONTACT_PARAM } from "~/features/contact/get-involved-button";
import { contactFailedNotice } from "~/features/contact/notices";
import { contactContent } from "~/features/content/content.server";
import { fillSettings } from "~/features/content/settings-text";
import { getDb } from "~/db/context";
import { requirePreviewer } from "~/features/accounts/guards.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { pageMeta } from "~/features/shell/meta";
import { publicSiteConfig } from "~/features/shell/site-config.server";
import { onlyDialogParamsChanged } from "~/ui/dialog-url";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact",
    description: (siteName) => `Questions about joining, competing, judging or coaching? Write to the ${siteName}.`,
    path: "/contact",
  });

/** The page's texts (content/contact.yaml), or to signed-in staff at ?preview=contact, the draft (decision 0039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePreviewer(request, context);
  await preloadContactPage();
  const draft = await previewDraft(getDb(context), staff, request, "contact");
  return { texts: fillSettings(draft ?? contactContent(), publicSiteConfig()), preview: draft ? "contact" : null };
}

/** Opening or closing the contact dialog (?contact=1) needs nothing new from the server. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  onlyDialogParamsChanged(args, [CONTACT_PARAM]) ? false : args.defaultShouldRevalidate;

/** Every contact form on the site posts here (the dialog from any page, and the page form). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleContactSubmission(request, context);
}

/** The 429's Retry-After reaches the browser; the layout's headers (cookies) pass through. */
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * In the browser: a network failure or a server error becomes docs/product.md's
 * failure notice in the form instead of the error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionData> {
  try {
    return await serverAction();
  } catch {
    return { status: "error", message: contactFailedNotice.description };
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage texts={loaderData.texts} preview={loaderData.preview} actionData={actionData} />;
}

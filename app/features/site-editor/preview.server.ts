import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/context";
import { getSessionUser } from "~/features/accounts/guards.server";
import type { SectionDocument, SectionKey } from "~/features/content/sections";
import { draftDocument } from "./versions.server";

/** The query a public page is previewed with: `/about?preview=team` shows the team's draft to signed-in staff. */
export const PREVIEW_PARAM = "preview";

/**
 * A public page's loader asks for the draft it may show instead of the live
 * section: only when the address asks to preview this section, and only to a
 * signed-in account (anyone else, and the page cache, which renders pages as
 * an anonymous visitor, get the live page). No database work without the query.
 */
export async function previewDraft<K extends SectionKey>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  key: K,
): Promise<SectionDocument<K> | null> {
  if (new URL(request.url).searchParams.get(PREVIEW_PARAM) !== key) return null;
  const staff = await getSessionUser(request, context);
  if (!staff) return null;
  return (await draftDocument(getDb(context), key)) as SectionDocument<K> | null;
}

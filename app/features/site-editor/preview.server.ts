import { PREVIEW_PARAM, type SessionUser } from "~/features/accounts/guards.server";
import type { Database } from "~/db/client.server";
import type { SectionDocument, SectionKey } from "~/features/content/sections";
import { draftDocument } from "./versions.server";

/**
 * The draft a public page shows instead of the live section: only when the address asks to preview this section,
 * and only to the staff member the route's guard let through (`requirePreviewer`); null otherwise, with no
 * database work.
 */
export async function previewDraft<K extends SectionKey>(
  db: Database,
  staff: SessionUser | null,
  request: Request,
  key: K,
): Promise<SectionDocument<K> | null> {
  if (!staff || new URL(request.url).searchParams.get(PREVIEW_PARAM) !== key) return null;
  return (await draftDocument(db, key)) as SectionDocument<K> | null;
}

import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import { siteContentDrafts } from "~/db/schema/site-content";
import { fileContent } from "~/features/content/content.server";
import type { SectionKey } from "~/features/content/sections";
import { attempt, checkDocument, Refused, staleMessage, when, type Outcome } from "./changes.server";
import { latestVersion } from "./versions.server";

/** A section's draft (decision 0039): saved over the version it was opened on, or dropped. */

/**
 * Saves a section's draft. `baseVersion` is the live version the editor was
 * opened on and `draftStamp` the draft it showed ("" for none): a draft saved
 * by someone else since, or a version published since, refuses the save.
 */
export async function saveDraft(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { document: unknown; baseVersion: number; draftStamp: string },
): Promise<Outcome> {
  const check = checkDocument(key, input.document);
  if (!check.ok) return { ok: false, status: 400, field: "source", message: check.problems.join("\n") };
  return attempt(
    () =>
      db.transaction(async (tx) => {
        const [draft] = await tx
          .select()
          .from(siteContentDrafts)
          .where(eq(siteContentDrafts.section, key))
          .for("update");
        const stamp = draft ? draft.updatedAt.toISOString() : "";
        if (stamp !== input.draftStamp) {
          throw new Refused({
            ok: false,
            status: 409,
            message: draft
              ? `${draft.updatedByEmail} saved a draft of this section at ${when(draft.updatedAt)} after you opened it. Open the section again to see it (copy your changes first).`
              : "The draft you opened was published or discarded in the meantime. Open the section again.",
          });
        }
        const latest = await latestVersion(tx, key);
        if ((latest?.version ?? 0) !== input.baseVersion) {
          throw new Refused({
            ok: false,
            status: 409,
            message: await staleMessage(tx, key, input.baseVersion, latest!),
          });
        }
        const values = {
          document: check.document,
          baseVersion: input.baseVersion,
          updatedById: actor.id,
          updatedByEmail: actor.email,
          updatedAt: new Date(),
        };
        await tx
          .insert(siteContentDrafts)
          .values({ section: key, ...values })
          .onConflictDoUpdate({ target: siteContentDrafts.section, set: values });
        return { ok: true, message: "Draft saved. Preview it, then publish it when it is ready." } as const;
      }),
    key,
  );
}

/** The document a new edit starts from: the draft when there is one, else the live version (or the file). */
export async function editableDocument(db: Database, key: SectionKey): Promise<unknown> {
  const [draft] = await db.select().from(siteContentDrafts).where(eq(siteContentDrafts.section, key));
  if (draft) return draft.document;
  const latest = await latestVersion(db, key);
  return latest ? latest.document : fileContent(key);
}

/**
 * Drops a section's draft, when it is the draft the person saw (`draftStamp`, as Save and Publish check): a draft
 * someone else saved since is refused, not deleted (decision 0044). Audited with whose draft it was.
 */
export async function discardDraft(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { draftStamp: string },
): Promise<Outcome> {
  return attempt(
    () =>
      db.transaction(async (tx) => {
        const [draft] = await tx
          .select()
          .from(siteContentDrafts)
          .where(eq(siteContentDrafts.section, key))
          .for("update");
        if (!draft) throw new Refused({ ok: false, status: 404, message: "There is no draft to discard." });
        if (draft.updatedAt.toISOString() !== input.draftStamp) {
          throw new Refused({
            ok: false,
            status: 409,
            message: `${draft.updatedByEmail} changed the draft at ${when(draft.updatedAt)} after you opened it. Open the section again and check it before discarding.`,
          });
        }
        await tx.delete(siteContentDrafts).where(eq(siteContentDrafts.section, key));
        await writeAudit(tx, {
          actor,
          action: "site.discard",
          details: { section: key, baseVersion: draft.baseVersion, savedBy: draft.updatedByEmail },
        });
        return { ok: true, message: "Draft discarded." } as const;
      }),
    key,
  );
}

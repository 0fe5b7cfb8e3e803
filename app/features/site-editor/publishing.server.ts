import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { siteContentDrafts } from "~/db/schema/site-content";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import { fileContent } from "~/features/content/content.server";
import type { SectionKey } from "~/features/content/sections";
import { diffDocuments } from "./diff";
import {
  applyLocally,
  attempt,
  checkDocument,
  insertVersion,
  Refused,
  staleMessage,
  when,
  type Outcome,
} from "./changes.server";
import { latestVersion, versionDocument } from "./versions.server";

/** A section's next version (decision 0039): its draft published, an earlier version restored, or an import. */

/**
 * Publishes a section's draft as its next version. Refused when the draft was
 * started on an older version than the live one (someone published since), or
 * when the draft is not the one the publisher saw (`draftStamp`).
 */
export async function publishDraft(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { draftStamp: string },
): Promise<Outcome> {
  let published: { document: unknown; version: number } | undefined;
  const outcome = await attempt(
    () =>
      db.transaction(async (tx) => {
        const [draft] = await tx
          .select()
          .from(siteContentDrafts)
          .where(eq(siteContentDrafts.section, key))
          .for("update");
        if (!draft) throw new Refused({ ok: false, status: 404, message: "There is no draft to publish." });
        if (draft.updatedAt.toISOString() !== input.draftStamp) {
          throw new Refused({
            ok: false,
            status: 409,
            message: `${draft.updatedByEmail} changed the draft at ${when(draft.updatedAt)} after you opened it. Open the section again and check it before publishing.`,
          });
        }
        const latest = await latestVersion(tx, key);
        if ((latest?.version ?? 0) !== draft.baseVersion) {
          throw new Refused({
            ok: false,
            status: 409,
            message: await staleMessage(tx, key, draft.baseVersion, latest!),
          });
        }
        const check = checkDocument(key, draft.document);
        if (!check.ok) throw new Refused({ ok: false, status: 400, message: check.problems.join("\n") });
        const version = await insertVersion(tx, key, check.document, actor, "publish", latest?.version ?? 0);
        await tx.delete(siteContentDrafts).where(eq(siteContentDrafts.section, key));
        await writeAudit(tx, { actor, action: "site.publish", details: { section: key, version } });
        published = { document: check.document, version };
        return { ok: true, message: `Published as version ${version}. The site shows it now.`, version } as const;
      }),
    key,
  );
  if (published) applyLocally(key, published.document);
  return outcome;
}

/** Publishes an earlier version's document again as the next version (audited). */
export async function restoreVersion(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { version: number; liveVersion: number },
): Promise<Outcome> {
  let restored: unknown;
  const outcome = await attempt(
    () =>
      db.transaction(async (tx) => {
        const latest = await latestVersion(tx, key);
        if ((latest?.version ?? 0) !== input.liveVersion) {
          throw new Refused({
            ok: false,
            status: 409,
            message: await staleMessage(tx, key, input.liveVersion, latest!),
          });
        }
        const document = input.version >= 1 ? await versionDocument(tx, key, input.version) : null;
        if (document === null) throw new Refused({ ok: false, status: 404, message: "There is no such version." });
        const check = checkDocument(key, document);
        if (!check.ok) {
          throw new Refused({
            ok: false,
            status: 400,
            message: `Version ${input.version} no longer passes today's checks: ${check.problems[0]}`,
          });
        }
        const version = await insertVersion(
          tx,
          key,
          check.document,
          actor,
          `restore of version ${input.version}`,
          latest?.version ?? 0,
        );
        await writeAudit(tx, {
          actor,
          action: "site.restore",
          details: { section: key, version, restored: input.version },
        });
        restored = check.document;
        return {
          ok: true,
          message: `Version ${input.version} restored as version ${version}. The site shows it now.`,
          version,
        } as const;
      }),
    key,
  );
  if (restored !== undefined) applyLocally(key, restored);
  return outcome;
}

/**
 * Publishes several sections at once (an import): every document was checked
 * before; a section whose document equals the live one is left alone.
 * Returns the sections that changed.
 */
export async function publishSections(
  db: Database,
  actor: Actor,
  documents: ReadonlyMap<SectionKey, unknown>,
): Promise<SectionKey[]> {
  const changed: { key: SectionKey; document: unknown }[] = [];
  await db.transaction(async (tx) => {
    // One import at a time: the versions are numbered from what this transaction reads.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site_content_import'))`);
    for (const [key, document] of documents) {
      const latest = await latestVersion(tx, key);
      const live = latest ? latest.document : fileContent(key);
      if (diffDocuments(live, document).length === 0) continue;
      await insertVersion(tx, key, document, actor, "import", latest?.version ?? 0);
      changed.push({ key, document });
    }
    if (changed.length) {
      await writeAudit(tx, { actor, action: "site.import", details: { sections: changed.map((item) => item.key) } });
    }
  });
  for (const { key, document } of changed) applyLocally(key, document);
  return changed.map((item) => item.key);
}

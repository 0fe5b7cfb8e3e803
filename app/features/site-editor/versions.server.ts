import { and, desc, eq } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import { invalidateLocalPublicPages } from "~/core/page-cache.server";
import { subscribe } from "~/db/pubsub.server";
import type { Database, Transaction } from "~/db/client.server";
import { siteContentDrafts, siteContentVersions, type SiteContentVersion } from "~/db/schema/site-content";
import { fileContent, setPublishedContent } from "~/features/content/content.server";
import { contentSections, type SectionKey, sectionKeys } from "~/features/content/sections";

/**
 * Staff-edited content (decision 0039): published versions and one draft per
 * section, in the database; what the site shows, in each instance's memory
 * (app/features/content/content.server.ts), refreshed when any instance
 * publishes.
 *
 * A publish inserts the section's next version and announces it on the
 * "site_content" channel in the same transaction (so the message arrives on
 * commit). Every instance, on that message, reads the section again, puts it
 * in memory and only then drops the section's pages from its page cache: a
 * page rendered after the drop shows the new text.
 *
 * This file reads: the versions, the draft, what is live, and each instance's memory of it. Changes are in
 * drafts.server.ts (the draft), items.server.ts (one item or picture in the draft) and publishing.server.ts
 * (publish, restore, import), on changes.server.ts's checks.
 */
export const SITE_CONTENT_CHANNEL = "site_content";

/** The latest version of every section that has one (the highest version per section). */
async function latestVersions(db: Database | Transaction): Promise<SiteContentVersion[]> {
  return db
    .selectDistinctOn([siteContentVersions.section])
    .from(siteContentVersions)
    .orderBy(siteContentVersions.section, desc(siteContentVersions.version));
}

export async function latestVersion(db: Database | Transaction, key: SectionKey): Promise<SiteContentVersion | null> {
  const [row] = await db
    .select()
    .from(siteContentVersions)
    .where(eq(siteContentVersions.section, key))
    .orderBy(desc(siteContentVersions.version))
    .limit(1);
  return row ?? null;
}

export async function versionDocument(db: Database | Transaction, key: SectionKey, version: number): Promise<unknown> {
  if (version === 0) return fileContent(key);
  const [row] = await db
    .select({ document: siteContentVersions.document })
    .from(siteContentVersions)
    .where(and(eq(siteContentVersions.section, key), eq(siteContentVersions.version, version)));
  return row?.document ?? null;
}

/**
 * A stored document as the section's schema reads it, or null (a schema changed since it was stored). Reading it
 * through the schema also puts its fields back in the file's order (jsonb keeps keys sorted by length).
 */
function checked(key: SectionKey, document: unknown): unknown {
  const result = contentSections[key].schema.safeParse(document);
  if (result.success) return result.data;
  logger.error(
    { section: key, issues: result.error.issues.slice(0, 3) },
    "site content: a stored version no longer passes its schema; showing content/",
  );
  return null;
}

/** The document with its fields in the file's order, for text a person reads (as stored when it does not parse). */
export function inFileOrder(key: SectionKey, document: unknown): unknown {
  const result = contentSections[key].schema.safeParse(document);
  return result.success ? result.data : document;
}

/** Puts every section's latest version in this instance's memory (a section with none shows its file). */
export async function loadPublishedContent(db: Database): Promise<void> {
  const rows = await latestVersions(db);
  const byKey = new Map(rows.map((row) => [row.section, row]));
  for (const key of sectionKeys) {
    const row = byKey.get(key);
    setPublishedContent(key, row ? checked(key, row.document) : null);
  }
}

async function refreshSection(db: Database, key: SectionKey): Promise<void> {
  const row = await latestVersion(db, key);
  setPublishedContent(key, row ? checked(key, row.document) : null);
  invalidateLocalPublicPages(contentSections[key].pages);
}

const allPages = () => [...new Set(sectionKeys.flatMap((key) => contentSections[key].pages))];

/**
 * Every server process follows every instance's publishes (and after a lost
 * LISTEN connection reads it all again); server/start.ts reads the published
 * content once before it listens (loadPublishedContent).
 */
export const siteContentWorker = {
  name: "site-content",
  start(handle: { db: Database }) {
    const { db } = handle;
    const reloadAll = () =>
      loadPublishedContent(db)
        .then(() => invalidateLocalPublicPages(allPages()))
        .catch((error: unknown) => logger.error({ err: error }, "site content: reading published content failed"));
    const subscription = subscribe(
      SITE_CONTENT_CHANNEL,
      (payload) => {
        const section = (payload as { section?: unknown } | null)?.section;
        if (typeof section !== "string" || !Object.hasOwn(contentSections, section)) return;
        refreshSection(db, section as SectionKey).catch((error: unknown) =>
          logger.error({ err: error, section }, "site content: reading a published section failed"),
        );
      },
      { onResync: () => void reloadAll() },
    ).catch((error: unknown) => {
      logger.error({ err: error }, "site content: cannot follow publishes from other instances");
      return () => {};
    });
    return async () => (await subscription)();
  },
};

export type VersionSummary = { version: number; by: string; at: string; note: string };
export type DraftSummary = { document: unknown; baseVersion: number; by: string; at: string; stamp: string };

const summary = (row: Omit<SiteContentVersion, "document">): VersionSummary => ({
  version: row.version,
  by: row.publishedByEmail,
  at: row.publishedAt.toISOString(),
  note: row.note,
});

/**
 * The editor's view of a section: what is live (version 0: the file), the draft, the history (newest first,
 * without its documents), and the document of version `compare` when asked (undefined when there is none).
 */
export async function sectionState(db: Database, key: SectionKey, compare: number | null = null) {
  const versions = await db
    .select({
      section: siteContentVersions.section,
      version: siteContentVersions.version,
      publishedById: siteContentVersions.publishedById,
      publishedByEmail: siteContentVersions.publishedByEmail,
      publishedAt: siteContentVersions.publishedAt,
      note: siteContentVersions.note,
    })
    .from(siteContentVersions)
    .where(eq(siteContentVersions.section, key))
    .orderBy(desc(siteContentVersions.version));
  const [draftRow] = await db.select().from(siteContentDrafts).where(eq(siteContentDrafts.section, key));
  const liveVersion = versions[0]?.version ?? 0;
  const draft: DraftSummary | null = draftRow
    ? {
        document: draftRow.document,
        baseVersion: draftRow.baseVersion,
        by: draftRow.updatedByEmail,
        at: draftRow.updatedAt.toISOString(),
        stamp: draftRow.updatedAt.toISOString(),
      }
    : null;
  const compared =
    compare !== null && versions.some((row) => row.version === compare)
      ? await versionDocument(db, key, compare)
      : undefined;
  return {
    liveVersion,
    liveDocument: await versionDocument(db, key, liveVersion),
    versions: versions.map(summary),
    compared,
    draft,
  };
}

/** The draft's document, for staff previewing a public page with it (null: no draft). */
export async function draftDocument(db: Database, key: SectionKey): Promise<unknown> {
  const [row] = await db
    .select({ document: siteContentDrafts.document })
    .from(siteContentDrafts)
    .where(eq(siteContentDrafts.section, key));
  return row ? checked(key, row.document) : null;
}

/** The live document of every section (a section never published: its file). */
export async function liveDocuments(db: Database): Promise<Map<SectionKey, unknown>> {
  const rows = new Map((await latestVersions(db)).map((row) => [row.section, row.document]));
  return new Map(sectionKeys.map((key) => [key, inFileOrder(key, rows.get(key) ?? fileContent(key))]));
}

/** Every section with its live version and draft, for the Site content page. */
export async function sectionSummaries(db: Database) {
  const live = new Map((await latestVersions(db)).map((row) => [row.section, summary(row)]));
  const drafts = new Map(
    (await db.select().from(siteContentDrafts)).map((row) => [
      row.section,
      { by: row.updatedByEmail, at: row.updatedAt.toISOString() },
    ]),
  );
  return sectionKeys.map((key) => ({
    key,
    label: contentSections[key].label,
    file: contentSections[key].file,
    pages: [...contentSections[key].pages],
    live: live.get(key) ?? null,
    draft: drafts.get(key) ?? null,
  }));
}

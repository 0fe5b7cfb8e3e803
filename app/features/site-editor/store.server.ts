import { and, desc, eq, sql } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import { invalidateLocalPublicPages } from "~/core/page-cache.server";
import { publish, subscribe } from "~/db/pubsub.server";
import type { Database, Transaction } from "~/db/client.server";
import { siteContentDrafts, siteContentVersions, type SiteContentVersion } from "~/db/schema/site-content";
import { writeAudit } from "~/features/accounts/audit.server";
import { fileContent, setPublishedContent } from "~/features/content/content.server";
import { contentSections, type SectionKey, sectionKeys } from "~/features/content/sections";
import { changedPlaces, diffDocuments } from "./diff";
import {
  type CoachFormValues,
  type QualifierFormValues,
  type SchoolFormValues,
  slugOf,
  type TestimonialFormValues,
} from "./item-form";

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
 */
export const SITE_CONTENT_CHANNEL = "site_content";

/** Who acts: a signed-in staff member (or a command with no account id). */
export type Actor = { id: string | null; email: string };

/** The author of version 1, the content/ file as it was before the first publish. */
const SEED_AUTHOR = "content/ files";

export type Outcome =
  | { ok: true; message: string; version?: number }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: "source" };

// ---------------------------------------------------------------------------
// Reading.

/** The latest version of every section that has one (the highest version per section). */
async function latestVersions(db: Database | Transaction): Promise<SiteContentVersion[]> {
  return db
    .selectDistinctOn([siteContentVersions.section])
    .from(siteContentVersions)
    .orderBy(siteContentVersions.section, desc(siteContentVersions.version));
}

async function latestVersion(db: Database | Transaction, key: SectionKey): Promise<SiteContentVersion | null> {
  const [row] = await db
    .select()
    .from(siteContentVersions)
    .where(eq(siteContentVersions.section, key))
    .orderBy(desc(siteContentVersions.version))
    .limit(1);
  return row ?? null;
}

async function versionDocument(db: Database | Transaction, key: SectionKey, version: number): Promise<unknown> {
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

// ---------------------------------------------------------------------------
// Changing.

const when = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** Why a change based on `baseVersion` is refused: who published what since. */
async function staleMessage(tx: Transaction, key: SectionKey, baseVersion: number, latest: SiteContentVersion) {
  const base = await versionDocument(tx, key, baseVersion);
  const places = changedPlaces(diffDocuments(base, latest.document));
  return (
    `Version ${latest.version} was published by ${latest.publishedByEmail} at ${when(latest.publishedAt)} ` +
    `after this edit was started${places ? `; it changed ${places}` : ""}. ` +
    `Open the section again to edit the published text (copy your changes first).`
  );
}

class Refused extends Error {
  constructor(readonly outcome: Extract<Outcome, { ok: false }>) {
    super(outcome.message);
  }
}

function isVersionTaken(error: unknown): boolean {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Runs a change; a Refused inside it rolls back and becomes its outcome, and so does losing a race to the next version. */
async function attempt(run: () => Promise<Outcome>, key: SectionKey): Promise<Outcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (isVersionTaken(error))
      return {
        ok: false,
        status: 409,
        message: `Someone else published ${contentSections[key].label} at the same moment. Open the section again to see their version.`,
      };
    throw error;
  }
}

/**
 * Inserts the section's next version (the first publish stores the content/
 * file as version 1 first, so it can be restored) and announces it on commit.
 */
async function insertVersion(
  tx: Transaction,
  key: SectionKey,
  document: unknown,
  actor: Actor,
  note: string,
  latest: number,
): Promise<number> {
  let next = latest + 1;
  if (latest === 0) {
    await tx.insert(siteContentVersions).values({
      section: key,
      version: 1,
      document: fileContent(key),
      publishedById: null,
      publishedByEmail: SEED_AUTHOR,
      note: "seed from content/",
    });
    next = 2;
  }
  await tx.insert(siteContentVersions).values({
    section: key,
    version: next,
    document,
    publishedById: actor.id,
    publishedByEmail: actor.email,
    note,
  });
  await publish(tx, SITE_CONTENT_CHANNEL, { section: key, version: next });
  return next;
}

/** This instance shows the new version at once (the others when the message reaches them). */
function applyLocally(key: SectionKey, document: unknown) {
  setPublishedContent(key, document);
  invalidateLocalPublicPages(contentSections[key].pages);
}

/** Checks a document against its section's schema; the message names each field. */
export function checkDocument(
  key: SectionKey,
  document: unknown,
): { ok: true; document: unknown } | { ok: false; problems: string[] } {
  const result = contentSections[key].schema.safeParse(document);
  if (result.success) return { ok: true, document: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${issue.path.join(".") || "(top level)"}: ${issue.message}`),
  };
}

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
async function editableDocument(db: Database, key: SectionKey): Promise<unknown> {
  const [draft] = await db.select().from(siteContentDrafts).where(eq(siteContentDrafts.section, key));
  if (draft) return draft.document;
  const latest = await latestVersion(db, key);
  return latest ? latest.document : fileContent(key);
}

/** Who may have a picture in a section: coaches on the team, schools in the schools list (by slug). */
export function pictureTargets(key: SectionKey, document: unknown): { slug: string; name: string }[] {
  if (key === "team") return (document as { coaches: { slug: string; name: string }[] }).coaches;
  if (key === "schools") return (document as { schools: { slug: string; name: string }[] }).schools;
  return [];
}

/**
 * Puts an uploaded picture (already stored by the image pipeline) into the
 * section's draft: a coach's photo or a school's logo, with its alt text.
 * The same checks as saving the draft (someone else's draft, a stale base).
 */
export async function placePicture(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { target: string; src: string; alt: string; baseVersion: number; draftStamp: string },
): Promise<Outcome> {
  const document = structuredClone(await editableDocument(db, key)) as Record<string, unknown>;
  if (key === "team") {
    const coach = (document.coaches as { slug: string; photo?: unknown }[]).find((item) => item.slug === input.target);
    if (!coach) return { ok: false, status: 400, message: "There is no such coach in the draft." };
    coach.photo = { src: input.src, alt: input.alt };
  } else if (key === "schools") {
    const school = (document.schools as { slug: string; logo: string; logoAlt?: string }[]).find(
      (item) => item.slug === input.target,
    );
    if (!school) return { ok: false, status: 400, message: "There is no such school in the draft." };
    school.logo = input.src;
    school.logoAlt = input.alt;
  } else {
    return { ok: false, status: 400, message: "This section has no pictures." };
  }
  return saveDraft(db, actor, key, { document, baseVersion: input.baseVersion, draftStamp: input.draftStamp });
}

/** The placeholder emblem a new school shows until a logo is uploaded. */
const SCHOOL_PLACEHOLDER_LOGO = "/images/schools/placeholder.svg";

/**
 * Saves one item into the draft: a coach or a school is found by its slug (its photo or logo kept), a testimonial
 * or a qualifier by its place in the list. With no slug, a new item is added at the end (a coach or a school under
 * a slug made from its name).
 */
export async function saveItem(
  db: Database,
  actor: Actor,
  key: "team" | "schools" | "testimonials" | "nationals",
  input: (CoachFormValues | SchoolFormValues | TestimonialFormValues | QualifierFormValues) & {
    slug: string;
    baseVersion: number;
    draftStamp: string;
  },
): Promise<Outcome> {
  const document = structuredClone(await editableDocument(db, key)) as Record<string, Record<string, unknown>[]>;
  const spec = orderedLists[key]!;
  const list = document[spec.list]!;
  const { intent: _intent, slug, baseVersion, draftStamp, ...values } = input;
  const bySlug = key === "team" || key === "schools";
  const name = String((values as Record<string, unknown>)[spec.name]);
  if (slug) {
    const item = bySlug ? list.find((entry) => entry.slug === slug) : list[Number(slug)];
    if (!item || (!bySlug && !/^\d+$/.test(slug)))
      return { ok: false, status: 404, message: "That item is no longer in the draft. Open the section again." };
    Object.assign(item, values);
  } else if (bySlug) {
    const newSlug = slugOf(name);
    if (list.some((entry) => entry.slug === newSlug)) {
      return { ok: false, status: 409, message: `“${name}” is already in the list.` };
    }
    list.push(
      key === "team" ? { slug: newSlug, ...values } : { slug: newSlug, ...values, logo: SCHOOL_PLACEHOLDER_LOGO },
    );
  } else {
    list.push(values);
  }
  const outcome = await saveDraft(db, actor, key, { document, baseVersion, draftStamp });
  return outcome.ok ? { ok: true, message: `${name} saved in the draft.` } : outcome;
}

/** Removes one item of a section's list from the draft; `name` is what the page showed there (a stale page is refused). */
export async function removeItem(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { index: number; name: string; baseVersion: number; draftStamp: string },
): Promise<Outcome> {
  const spec = orderedLists[key];
  if (!spec) return { ok: false, status: 400, message: "This section has no list to remove from." };
  const document = structuredClone(await editableDocument(db, key)) as Record<string, Record<string, unknown>[]>;
  const list = document[spec.list]!;
  if (String(list[input.index]?.[spec.name]) !== input.name)
    return {
      ok: false,
      status: 409,
      message: "That item is no longer in that place in the draft. Open the section again.",
    };
  list.splice(input.index, 1);
  const outcome = await saveDraft(db, actor, key, {
    document,
    baseVersion: input.baseVersion,
    draftStamp: input.draftStamp,
  });
  return outcome.ok ? { ok: true, message: `${input.name} removed from the draft.` } : outcome;
}

/** The list of a section staff put in order (the page shows it in this order), and what names an item. */
const orderedLists: Partial<Record<SectionKey, { list: string; name: string }>> = {
  team: { list: "coaches", name: "name" },
  schools: { list: "schools", name: "name" },
  testimonials: { list: "testimonials", name: "author" },
  nationals: { list: "qualifiers", name: "name" },
};

/** The names of a section's ordered items, in order (empty for a section without one). */
export function orderedItems(key: SectionKey, document: unknown): string[] {
  const spec = orderedLists[key];
  if (!spec) return [];
  const items = (document as Record<string, Record<string, unknown>[]>)[spec.list] ?? [];
  return items.map((item) => String(item[spec.name]));
}

/** Moves one item of the section's ordered list up or down in the draft (the same checks as saving it). */
export async function moveItem(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { index: number; direction: "up" | "down"; baseVersion: number; draftStamp: string },
): Promise<Outcome> {
  const spec = orderedLists[key];
  if (!spec) return { ok: false, status: 400, message: "This section has no order to change." };
  const document = structuredClone(await editableDocument(db, key)) as Record<string, unknown[]>;
  const items = document[spec.list]!;
  const to = input.direction === "up" ? input.index - 1 : input.index + 1;
  if (input.index < 0 || input.index >= items.length || to < 0 || to >= items.length) {
    return { ok: false, status: 400, message: "That item cannot move further." };
  }
  [items[input.index], items[to]] = [items[to], items[input.index]];
  const outcome = await saveDraft(db, actor, key, {
    document,
    baseVersion: input.baseVersion,
    draftStamp: input.draftStamp,
  });
  return outcome.ok ? { ok: true, message: `Moved ${input.direction} in the draft.` } : outcome;
}

/** Drops a section's draft. */
export async function discardDraft(db: Database, key: SectionKey): Promise<Outcome> {
  const deleted = await db.delete(siteContentDrafts).where(eq(siteContentDrafts.section, key)).returning();
  return deleted.length
    ? { ok: true, message: "Draft discarded." }
    : { ok: false, status: 404, message: "There is no draft to discard." };
}

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

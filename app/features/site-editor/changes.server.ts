import type { Transaction } from "~/db/client.server";
import type { Actor } from "~/core/actor";
import { publish } from "~/db/pubsub.server";
import { siteContentVersions, type SiteContentVersion } from "~/db/schema/site-content";
import { invalidateLocalPublicPages } from "~/core/page-cache.server";
import { fileContent, setPublishedContent } from "~/features/content/content.server";
import { contentSections, type SectionKey } from "~/features/content/sections";
import { changedPlaces, diffDocuments } from "./diff";
import { SITE_CONTENT_CHANNEL, versionDocument } from "./versions.server";

/**
 * What every change to site content shares (decision 0039): its outcome, the checks that refuse a stale edit or a
 * lost race, and inserting and showing a new version.
 */

/** The author of version 1, the content/ file as it was before the first publish. */
const SEED_AUTHOR = "content/ files";

export type Outcome =
  | { ok: true; message: string; version?: number }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: "source" };

export const when = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** Why a change based on `baseVersion` is refused: who published what since. */
export async function staleMessage(tx: Transaction, key: SectionKey, baseVersion: number, latest: SiteContentVersion) {
  const base = await versionDocument(tx, key, baseVersion);
  const places = changedPlaces(diffDocuments(base, latest.document));
  return (
    `Version ${latest.version} was published by ${latest.publishedByEmail} at ${when(latest.publishedAt)} ` +
    `after this edit was started${places ? `; it changed ${places}` : ""}. ` +
    `Open the section again to edit the published text (copy your changes first).`
  );
}

export class Refused extends Error {
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
export async function attempt(run: () => Promise<Outcome>, key: SectionKey): Promise<Outcome> {
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
export async function insertVersion(
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
export function applyLocally(key: SectionKey, document: unknown) {
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

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fromRoot } from "~/core/paths.server";
import { ContentError, parseContent } from "~/features/content/parse-content";
import {
  guideCategories,
  guideEntrySchema,
  toVideoView,
  type GuideCategory,
  type GuideEntry,
  type GuideEventView,
} from "./schema";
import { buildSlugIndex, resolveEventId, type SlugIndex } from "./slugs";

export const guideContentDir = fromRoot("content", "guide");

export type GuideCatalog = {
  entries: ReadonlyMap<string, GuideEntry>;
  slugs: SlugIndex;
  /** The left-hand list: Congress, Debate, Speech, events by name within each. */
  groups: { category: GuideCategory; events: { id: string; name: string; abbreviation?: string }[] }[];
};

/** Reads and checks every content/guide/*.yaml file; a bad file names itself in the error. */
export async function readGuideCatalog(dir: string = guideContentDir): Promise<GuideCatalog> {
  const files = (await readdir(dir)).filter((file) => /\.ya?ml$/.test(file)).sort();
  const list: GuideEntry[] = [];
  for (const file of files) {
    const source = await readFile(path.join(dir, file), "utf8");
    const entry = parseContent(`guide/${file}`, source, guideEntrySchema, "is not a valid guide entry");
    if (`${entry.id}.yaml` !== file) throw new ContentError(`content/guide/${file} must be named ${entry.id}.yaml`);
    list.push(entry);
  }
  const entries = new Map(list.map((entry) => [entry.id, entry]));
  const groups = guideCategories.map((category) => ({
    category,
    events: list
      .filter((entry) => entry.category === category)
      .sort((a, b) => a.name.localeCompare(b.name, "en-US"))
      .map(({ id, name, abbreviation }) => ({ id, name, abbreviation })),
  }));
  return { entries, slugs: buildSlugIndex(list), groups };
}

// Content is read from disk at start (loadSiteContent): an edit takes effect on the next restart.
let cached: Promise<GuideCatalog> | undefined;

/** Reads and checks the guide now (at start), keeping it for every request. */
export function loadGuideCatalog(dir: string = guideContentDir): Promise<GuideCatalog> {
  cached = readGuideCatalog(dir);
  return cached;
}

export function getGuideCatalog(): Promise<GuideCatalog> {
  cached ??= readGuideCatalog().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** What the guide page needs for one request: the list and the chosen event, players ready to embed. */
export async function loadGuidePage(
  eventSlug: string | null,
): Promise<{ groups: GuideCatalog["groups"]; event: GuideEventView }> {
  const catalog = await getGuideCatalog();
  const id = resolveEventId(eventSlug, catalog.slugs);
  const entry = catalog.entries.get(id);
  if (!entry) throw new Error(`The guide has no entry for the default event ${id}`);
  const { aliases: _aliases, videos, ...rest } = entry;
  return {
    groups: catalog.groups,
    event: {
      ...rest,
      videos: videos.map(toVideoView),
    },
  };
}

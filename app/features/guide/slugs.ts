/** Lincoln-Douglas is selected when no event, or an unknown one, is asked for (docs/product.md). */
export const defaultEventId = "lincoln-douglas";

export const guideTabs = [
  { id: "about", label: "About Event" },
  { id: "judges", label: "Judges" },
  { id: "advanced", label: "Advanced Content" },
  { id: "videos", label: "Videos" },
] as const;
export type GuideTab = (typeof guideTabs)[number]["id"];
export const defaultTab: GuideTab = "about";

/** Maps every id and alias to the id of its entry. */
export type SlugIndex = ReadonlyMap<string, string>;

export function buildSlugIndex(entries: readonly { id: string; aliases: readonly string[] }[]): SlugIndex {
  const index = new Map<string, string>();
  for (const entry of entries) {
    for (const slug of [entry.id, ...entry.aliases]) {
      const owner = index.get(slug);
      if (owner && owner !== entry.id) throw new Error(`Guide slug "${slug}" is used by both ${owner} and ${entry.id}`);
      index.set(slug, entry.id);
    }
  }
  return index;
}

/**
 * The entry id for the `event` query parameter: an id or alias, any case,
 * spaces or underscores for hyphens; anything else falls back to the default.
 */
export function resolveEventId(slug: string | null | undefined, index: SlugIndex): string {
  if (!slug) return defaultEventId;
  const normalized = slug
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  return index.get(normalized) ?? defaultEventId;
}

export function parseTab(value: string | null | undefined): GuideTab {
  return guideTabs.find((tab) => tab.id === value)?.id ?? defaultTab;
}

/** The shareable address of an event (and tab); the default tab is left out. */
export function guideHref(eventId: string, tab: GuideTab = defaultTab): string {
  const params = new URLSearchParams({ event: eventId });
  if (tab !== defaultTab) params.set("tab", tab);
  return `/guide?${params}`;
}

/** The id of the chosen event's detail: the anchor an event link goes to before React runs. */
export const GUIDE_DETAIL_ID = "event-detail";

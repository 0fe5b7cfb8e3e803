import type { MetaDescriptor } from "react-router";

type RootMatchData = { site?: { name: string; publicUrl: string } } | undefined;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

function rootSite(matches: readonly MatchLike[]) {
  return (matches.find((match) => match?.id === "root")?.loaderData as RootMatchData)?.site;
}

/** The district's name from configuration (SITE_NAME), for a meta function's texts. */
export function siteNameOf(matches: readonly MatchLike[]): string {
  return rootSite(matches)?.name ?? "Citron Online District";
}

/** A page text that names the district: written with the configured name. */
type SiteText = string | ((siteName: string) => string);

/**
 * Title, description, canonical URL and Open Graph tags for a page. `matches`
 * is the meta function's argument; the site's name and URL come from root.
 */
export function pageMeta(
  matches: readonly MatchLike[],
  page: { title: SiteText; description: SiteText; path: string; image?: string },
): MetaDescriptor[] {
  const root = rootSite(matches);
  const siteName = siteNameOf(matches);
  const baseUrl = root?.publicUrl ?? "";
  const text = (value: SiteText) => (typeof value === "function" ? value(siteName) : value);
  const description = text(page.description);
  const url = `${baseUrl}${page.path}`;
  const title = page.path === "/" ? text(page.title) : `${text(page.title)} | ${siteName}`;
  const image = `${baseUrl}${page.image ?? "/og-image.png"}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

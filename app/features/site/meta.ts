import type { MetaDescriptor } from "react-router";

type RootMatchData = { site?: { name: string; publicUrl: string } } | undefined;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

/**
 * Title, description, canonical URL and Open Graph tags for a page. `matches`
 * is the meta function's argument; the site's name and URL come from root.
 */
export function pageMeta(
  matches: readonly MatchLike[],
  page: { title: string; description: string; path: string; image?: string },
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootMatchData;
  const siteName = root?.site?.name ?? "Citron Online District";
  const baseUrl = root?.site?.publicUrl ?? "";
  const url = `${baseUrl}${page.path}`;
  const title = page.path === "/" ? page.title : `${page.title} | ${siteName}`;
  const image = `${baseUrl}${page.image ?? "/og-image.png"}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

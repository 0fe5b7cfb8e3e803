import { publicPages } from "~/core/public-pages";

/**
 * Public forms that are not cached pages (their answers are a visitor's own) but must be found (decision 0051): the
 * judge form and "See or change your entries", where a family asks for its link again.
 */
const formPages = [
  { path: "/judge", changefreq: "monthly", priority: "0.6" },
  { path: "/entries", changefreq: "yearly", priority: "0.4" },
] as const;

/** The public pages search engines should index: every one, with how often it changes, and the public forms. */
export const indexedPages = [...publicPages.map((page) => ({ path: page.path, ...page.sitemap })), ...formPages];

/** Signed-in, checkout and duplicate pages stay out of search results. */
export const disallowedPaths = [
  "/auth",
  "/masterdebater",
  "/orders",
  "/admin/",
  "/contact-submissions",
  "/payment-success",
] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(baseUrl: string): string {
  const urls = indexedPages.map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(`${baseUrl}${page.path}`)}</loc>\n    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority}</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

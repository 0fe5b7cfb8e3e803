import { publicPages } from "~/core/public-pages";

/** The public pages search engines should index: every one, with how often it changes. */
export const indexedPages = publicPages.map((page) => ({ path: page.path, ...page.sitemap }));

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

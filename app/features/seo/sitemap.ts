/** The public pages search engines should index (docs/product.md#2-screens-and-routes), with how often they change. */
export const indexedPages = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/events", changefreq: "daily", priority: "0.9" },
  { path: "/mission", changefreq: "yearly", priority: "0.8" },
  { path: "/guide", changefreq: "monthly", priority: "0.8" },
  { path: "/schools", changefreq: "monthly", priority: "0.7" },
  { path: "/about", changefreq: "monthly", priority: "0.7" },
  { path: "/2025-nationals-team", changefreq: "yearly", priority: "0.6" },
  { path: "/dress-code", changefreq: "yearly", priority: "0.5" },
  { path: "/contact", changefreq: "yearly", priority: "0.6" },
  { path: "/donate", changefreq: "yearly", priority: "0.6" },
  { path: "/fees", changefreq: "weekly", priority: "0.5" },
] as const;

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

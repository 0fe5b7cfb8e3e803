/**
 * The public pages, in one table: the site's navigation (header and footer) lists the ones with a `nav` label in
 * this order, the sitemap lists them all with how often they change, and the public page cache serves them all
 * (docs/decisions/0013-public-page-cache.md). A new public page is a row here and a route in app/routes.ts
 * (a test checks that every row is one).
 */
export const publicPages = [
  { path: "/", sitemap: { changefreq: "weekly", priority: "1.0" } },
  { path: "/mission", nav: "Our Mission", sitemap: { changefreq: "yearly", priority: "0.8" } },
  { path: "/guide", nav: "Competition Guide", sitemap: { changefreq: "monthly", priority: "0.8" } },
  { path: "/dress-code", nav: "Dress Code", sitemap: { changefreq: "yearly", priority: "0.5" } },
  { path: "/schools", nav: "Our Schools", sitemap: { changefreq: "monthly", priority: "0.7" } },
  { path: "/about", nav: "Team", sitemap: { changefreq: "monthly", priority: "0.7" } },
  { path: "/events", nav: "Event Schedule", sitemap: { changefreq: "daily", priority: "0.9" } },
  { path: "/2025-nationals-team", nav: "Nationals", sitemap: { changefreq: "yearly", priority: "0.6" } },
  { path: "/contact", nav: "Contact", sitemap: { changefreq: "yearly", priority: "0.6" } },
  { path: "/donate", nav: "Donate", sitemap: { changefreq: "yearly", priority: "0.6" } },
  { path: "/fees", nav: "Shopping Cart", sitemap: { changefreq: "weekly", priority: "0.5" } },
] as const satisfies readonly PublicPage[];

export type PublicPage = {
  path: string;
  /** The label in the site's navigation; a page without one is not in it. */
  nav?: string;
  sitemap: { changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: string };
};

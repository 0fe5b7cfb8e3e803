import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./sitemap";
import { organizationJsonLd } from "./structured-data";

describe("sitemap.xml", () => {
  const xml = sitemapXml("https://citron.example.org");

  it("lists every public page with an absolute URL", () => {
    for (const path of [
      "/",
      "/mission",
      "/guide",
      "/schools",
      "/about",
      "/2025-nationals-team",
      "/dress-code",
      "/contact",
      "/events",
      "/donate",
      // Decision 0051: the judge form and "See or change your entries" are found too.
      "/judge",
      "/entries",
    ]) {
      expect(xml).toContain(`<loc>https://citron.example.org${path}</loc>`);
    }
  });

  it("leaves out signed-in pages and the stale redirects", () => {
    for (const path of ["/orders", "/admin", "/auth", "/masterdebater", "/team<", "/nationals-team-2025"]) {
      expect(xml).not.toContain(`https://citron.example.org${path}`);
    }
  });

  it("is a sitemaps.org urlset", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it("escapes a base URL with XML characters", () => {
    expect(sitemapXml("https://x.example.org/a&b")).toContain("https://x.example.org/a&amp;b/mission");
  });
});

describe("robots.txt", () => {
  const text = robotsTxt("https://citron.example.org");
  it("allows the site, keeps admin pages out and points at the sitemap", () => {
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(text).toContain("Disallow: /orders\n");
    expect(text).toContain("Disallow: /admin/\n");
    expect(text).toContain("Sitemap: https://citron.example.org/sitemap.xml");
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});

describe("organization markup", () => {
  it("describes a 501(c)(3) NGO", () => {
    const data = organizationJsonLd({
      name: "Citron Online District",
      publicUrl: "https://citron.example.org",
      contactEmail: "info@example.org",
      socialUrl: "https://social.example.org/citron",
      taxId: "00-0000000",
    });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NGO",
      name: "Citron Online District",
      url: "https://citron.example.org/",
      nonprofitStatus: "Nonprofit501c3",
      foundingDate: "2022",
    });
  });
});

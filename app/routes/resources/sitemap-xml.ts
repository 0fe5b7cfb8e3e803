import { env } from "~/core/env.server";
import { sitemapXml } from "~/features/seo/sitemap";

export function loader() {
  return new Response(sitemapXml(env().PUBLIC_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

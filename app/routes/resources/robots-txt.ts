import { env } from "~/core/env.server";
import { robotsTxt } from "~/features/seo/sitemap";

export function loader() {
  return new Response(robotsTxt(env().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest comes with the first page, as one immutable file (decision 0019): no request to
  // /__manifest on every page view, and no router update after hydration, which would make React hydrate
  // every part of the page that waits for its first use (lazyUntilUsed).
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets several builds live side by side (parallel test runs).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { brotliAssets } from "./scripts/brotli-assets.ts";
import { reactRouterInternals } from "./scripts/react-router-internals.ts";

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: reactRouterInternals,
  },
  // The SSR bundle's entry is our Express app, which mounts the React Router
  // request handler (server/start.ts starts it; server/app.ts is the request path; docs/architecture.md).
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/start.ts" } } },
    // Fewer, larger shared chunks for the browser: every page otherwise preloads ~35 tiny files, and on a
    // phone each round of requests costs a network round trip (Lighthouse's mobile simulation shows it).
    client: {
      build: {
        // SOURCEMAP=1 npm run build: maps for bench/chunk-sources.mjs (which module makes a chunk big).
        sourcemap: process.env.SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
                // The icons of the public pages in one file, not a file each (the events calendar alone used eight):
                // every file costs its headers and a request.
                {
                  name: "icons",
                  test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](clock|map-pin|video|external-link|refresh-cw|loader-circle|chevron-right|users|trophy|mail|lightbulb|info|graduation-cap|calendar-days|chevron-left)\.m?js$/,
                },
                // The form parts every public form loads when a person reaches for it (decisions 0019, 0041), in one
                // file with Conform: no public page imports them at once, so no page loads this file before its form.
                {
                  name: "forms",
                  includeDependenciesRecursively: false,
                  test: /(app[\\/]ui[\\/](field|textarea|spinner|checkbox|pending-button|honeypot-field|conform-fields|lazy-validation|use-action-result|action-result)\.tsx?$|node_modules[\\/]@conform-to[\\/](dom|react)[\\/])/,
                },
                {
                  name: "site",
                  test: /app[\\/](ui[\\/](button|link-button|cn|card|badge|input|label|select|toast|use-hydrated|notice|dialog-link|dialog-url|background-refresh)\.tsx?$|features[\\/]site[\\/](?!error-message|not-found-message)[\w.-]+$)/,
                },
              ],
            },
          },
        },
      },
    },
  },
  // Brotli copies of the browser build are made here, once, not by each server start (decision 0031).
  plugins: [tailwindcss(), reactRouter(), brotliAssets(), entriesMayGainExports()],
});

/**
 * The "forms" group above takes only the modules it names, not what they import, and the bundler allows that only
 * when an entry (a route module) may gain exports. React Router asks that entries keep theirs ("exports-only"); with
 * "allow-extension" they still lose none. Set after React Router's plugin, which sets its own (decision 0041).
 */
function entriesMayGainExports(): Plugin {
  return {
    name: "citron:entries-may-gain-exports",
    enforce: "post",
    configEnvironment(name, config) {
      if (name !== "client") return;
      config.build ??= {};
      config.build.rolldownOptions = { ...config.build.rolldownOptions, preserveEntrySignatures: "allow-extension" };
    },
  };
}

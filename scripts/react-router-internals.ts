import { fileURLToPath } from "node:url";

// The one place the build and the tests reach into React Router's package for something it does not export (see
// docs/architecture.md, "Upgrading React Router"). Used by vite.config.ts and vitest.config.ts.
export const reactRouterInternals = {
  // React Router's own turbo-stream: a cart visitor's /fees data is written with the same encoder
  // (app/features/shop/personal/fees-fill.server.tsx, decision 0030). Types: app/core/turbo-stream.d.ts.
  "react-router-turbo-stream": fileURLToPath(
    new URL("../node_modules/react-router/dist/production/vendor/turbo-stream-v2/turbo-stream.js", import.meta.url),
  ),
};

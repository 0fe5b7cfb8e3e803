// Runs the browser tests against the production build (build first if none).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.mjs";

process.env.CHROMIUM_PATH = ensureChromium();
if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`)) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);

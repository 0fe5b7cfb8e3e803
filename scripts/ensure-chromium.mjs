// Finds a Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium.
// When none is found and we run as root with apt, installs Debian's chromium;
// otherwise stops with one line saying how to get one.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(wanted)) return wanted;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && hasApt) {
    console.warn("Chromium not found: installing Debian's chromium package...");
    execFileSync(
      "sh",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null"],
      {
        stdio: "inherit",
      },
    );
    if (existsSync(wanted)) return wanted;
  }
  console.error(
    `No Chromium at ${wanted}: install it (as root: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.warn(ensureChromium());

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A test that sleeps waits the same time on a fast machine as on a slow one, and is still flaky on a slower one:
// it waits for a condition instead (waitFor, expect.poll, waitForResponse, a visible text), or runs the server with
// its timer set short (the *_MS settings of app/core/env.server.ts). A wait that is itself the behaviour under test
// says so on its line: `await sleep(5000); // fixed wait: <why>`.
const root = path.resolve(import.meta.dirname, "../..");
const SELF = "tests/lint/fixed-waits.test.ts";
const SKIPPED_DIRS = new Set(["node_modules", "build", ".react-router"]);
const SCRIPT = /\.[cm]?[jt]sx?$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** A number as written in code: 1000, 2_000, 1.5e3. */
const LITERAL = String.raw`(\d[\d_]*(?:\.\d+)?(?:e\d+)?)`;
const LONG_SLEEPS = [
  // sleep(2_000), delay(1000)
  new RegExp(String.raw`\b(?:sleep|delay)\(\s*${LITERAL}\s*\)`, "g"),
  // setTimeout(resolve, 1000), setTimeout(() => resolve(), 1000)
  new RegExp(
    String.raw`\bsetTimeout\(\s*(?:resolve|res|r|done|next|\(\)\s*=>\s*resolve\(\w*\))\s*,\s*${LITERAL}\s*\)`,
    "g",
  ),
  // node:timers/promises: await setTimeout(1000)
  new RegExp(String.raw`(?<![.\w])setTimeout\(\s*${LITERAL}\s*[,)]`, "g"),
];
const REASON = /\/[/*]\s*fixed wait:\s*\S/;

/** The fixed waits in one file's text, each as `line: what`. */
function findFixedWaits(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    if (REASON.test(line)) return;
    if (line.includes("waitForTimeout(")) found.push(`${index + 1}: waitForTimeout`);
    for (const pattern of LONG_SLEEPS) {
      for (const match of line.matchAll(pattern)) {
        if (Number(match[1]!.replaceAll("_", "")) >= 1000) found.push(`${index + 1}: ${match[0]}`);
      }
    }
  });
  return found;
}

/** Every script under tests/, and the test files under app/, server/ and scripts/, from the root. */
function scannedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string, only?: RegExp) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative, only);
      } else if (SCRIPT.test(entry.name) && (!only || only.test(entry.name)) && relative !== SELF) {
        files.push(relative);
      }
    }
  };
  walk("tests");
  for (const dir of ["app", "server", "scripts"]) walk(dir, TEST_FILE);
  return files;
}

describe("fixed waits in tests", () => {
  it("are caught, and allowed with a reason on their line", () => {
    expect(findFixedWaits("await page.waitForTimeout(500);")).toEqual(["1: waitForTimeout"]);
    expect(findFixedWaits("x();\nawait sleep(2_000);")).toEqual(["2: sleep(2_000)"]);
    expect(findFixedWaits("await new Promise((resolve) => setTimeout(resolve, 1_500));")).toEqual([
      "1: setTimeout(resolve, 1_500)",
    ]);
    expect(findFixedWaits('import { setTimeout } from "node:timers/promises";\nawait setTimeout(1000);')).toEqual([
      "2: setTimeout(1000)",
    ]);
    expect(findFixedWaits("await sleep(2_000); // fixed wait: the drain deadline is the behaviour")).toEqual([]);
    // Short pauses of a polling loop, and waits on a condition, are fine.
    expect(findFixedWaits("await sleep(100);\nawait setTimeout(resolve, 999);\nawait sleep(everyMs);")).toEqual([]);
    expect(findFixedWaits("await waitFor('the sweep', check, 20_000);\ntest.setTimeout(60_000);")).toEqual([]);
  });

  it("appear nowhere without a reason", () => {
    const files = scannedFiles();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      findFixedWaits(readFileSync(path.join(root, file), "utf8")).map((hit) => `${file}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});

// test-class: none (lints probe files; opens no database)
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No source file over 500 lines (tests apart): oxlint's max-lines (.oxlintrc.json), so `npm run lint` refuses it
// where it is written. The fix is a split by room: a folder per sub-capability (docs/architecture.md), each file
// one part of the work, the old module's callers importing from where each part now lives.
const root = path.resolve(import.meta.dirname, "../..");
const oxlint = path.join(root, "node_modules/.bin/oxlint");

/** The rules oxlint's configuration refuses on each probe, written at its place in the tree and linted at once. */
function lint(probes: Record<string, string>): Record<string, string[]> {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // The lint-probe- prefix is what the tree-reading lints pass over while these come and go.
  const files = Object.keys(probes).map((name) => name.replace("lint-probe", `lint-probe-${tag}`));
  try {
    Object.values(probes).forEach((text, i) => writeFileSync(path.join(root, files[i]!), text));
    const result = spawnSync(oxlint, ["-c", ".oxlintrc.json", "--format", "json", ...files], {
      cwd: root,
      encoding: "utf8",
    });
    const report = JSON.parse(result.stdout) as { diagnostics: Array<{ code: string; filename: string }> };
    return Object.fromEntries(
      Object.keys(probes).map((name, i) => [
        name,
        report.diagnostics.filter((d) => d.filename === files[i]).map((d) => d.code),
      ]),
    );
  } finally {
    for (const file of files) rmSync(path.join(root, file), { force: true });
  }
}

const linesOf = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join("\n");

describe("the 500-line rule", () => {
  it("refuses a source file over 500 lines, and passes one of 500 and a test file of any length", () => {
    const found = lint({
      "app/core/lint-probe-long.ts": `${linesOf(501)}\n`,
      "server/lint-probe-limit.ts": `${linesOf(500)}\n`,
      "app/core/lint-probe-long.test.ts": `${linesOf(700)}\n`,
    });
    expect(found).toEqual({
      "app/core/lint-probe-long.ts": ["eslint(max-lines)"],
      "server/lint-probe-limit.ts": [],
      "app/core/lint-probe-long.test.ts": [],
    });
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkRepository, findProblems, headingAnchors, type Repo } from "./check-doc-references.mjs";

// The names this check refuses, spelled so that this file does not name them itself.
const outside = (name: string) => `${name}.md`;
const issue = (n: number) => `${"issue"} ${n}`;

const repo: Repo = {
  exists: (p) =>
    ["app/core/env.server.ts", "docs/product.md", "docs/decisions/README.md", "docs/design.md"].includes(p),
  anchors: (p) =>
    p === "docs/product.md" ? new Set(["5-validation-rules", "money"]) : p.endsWith(".md") ? new Set() : null,
  decisions: new Set(["0013", "0014", "0015", "0016", "0017"]),
};
const messages = (file: string, text: string) => findProblems(file, text, repo).map((p) => `${p.line}: ${p.message}`);

describe("findProblems", () => {
  it("refuses a `Symbol` (path) pair whose file does not define the symbol, and passes one that does", () => {
    const files: Record<string, string> = {
      "app/ui/dialog-link.tsx": "export function DialogLink() {}\n",
      "app/ui/url-dialog.tsx": "// opened by DialogLink\nexport function UrlDialog() {}\n",
    };
    const withFiles: Repo = { ...repo, exists: (p) => p in files, read: (p) => files[p] ?? null };
    const check = (text: string) => findProblems("docs/x.md", text, withFiles).map((p) => p.message);
    expect(check("Opened by `DialogLink` (app/ui/url-dialog.tsx), a link.")).toEqual([
      "app/ui/url-dialog.tsx neither defines nor imports DialogLink",
    ]);
    expect(check("Opened by `DialogLink` (app/ui/dialog-link.tsx), a link.")).toEqual([]);
    expect(check("Shown by `<UrlDialog>` (app/ui/url-dialog.tsx).")).toEqual([]);
  });

  it("reads `Symbol` in path and a path in backticks as the same pair, and passes a symbol the file imports", () => {
    const files: Record<string, string> = {
      "server/app.ts": 'import { createRequestContext } from "~/db/context";\nexport function createApp() {}\n',
      "server/start.ts": 'import { loadPublishedContent } from "~/features/site-editor/store.server";\n',
      "server/workers.ts": "type Worker = {\n  everyProcess?: boolean;\n};\n",
      "server/cluster-metrics.mjs": "const registry = new client.AggregatorRegistry();\n",
    };
    const withFiles: Repo = { ...repo, exists: (p) => p in files, read: (p) => files[p] ?? null };
    const check = (text: string) => findProblems("docs/x.md", text, withFiles).map((p) => p.message);
    // Moved from server/app.ts to server/start.ts; the old rule read only "`Symbol` (path)" without backticks.
    expect(check("read before it listens (`loadPublishedContent` in `server/app.ts`).")).toEqual([
      "server/app.ts neither defines nor imports loadPublishedContent",
    ]);
    expect(check("read at start (`loadPublishedContent` (`server/app.ts`), then served")).toEqual([
      "server/app.ts neither defines nor imports loadPublishedContent",
    ]);
    expect(check("`loadPublishedContent` in server/app.ts.")).toEqual([
      "server/app.ts neither defines nor imports loadPublishedContent",
    ]);
    expect(check("(`loadPublishedContent` in `server/start.ts`)")).toEqual([]);
    expect(check("`createRequestContext` (`server/app.ts`) and `createApp` in server/app.ts")).toEqual([]);
    expect(check("flagged `everyProcess` in `server/workers.ts` runs in all")).toEqual([]);
    expect(check("`AggregatorRegistry` (`server/cluster-metrics.mjs`: counters summed)")).toEqual([]);
  });

  it("refuses a bare file name of code that no file has, and a naming convention no file follows", () => {
    const named: Repo = {
      ...repo,
      names: new Set(["refund-routes.test.ts", "store.server.ts", "server.js", "x.test.ts"]),
    };
    const check = (file: string, text: string) => findProblems(file, text, named).map((p) => p.message);
    expect(check("docs/x.md", "Tests: `refund-routes.server.test.ts`, `store.server.ts`.")).toEqual([
      "no file of the repository is named refund-routes.server.test.ts",
    ]);
    expect(check("app/x.ts", "// see gone.ts, then server.js")).toEqual(["no file of the repository is named gone.ts"]);
    expect(check("docs/x.md", "a test sits next to its file, `x.server.ts` and `x.server.test.ts`")).toEqual([]);
    // In code only comments are read; a path's last part is the path check's.
    expect(check("app/x.ts", 'const file = "gone.ts"; // app/gone.ts')).toEqual(["app/gone.ts does not exist"]);
    expect(
      check("docs/x.md", "`*.server.ts` for the server, `*.client.tsx` for the browser, `*.test.ts` beside"),
    ).toEqual(["no file of the repository is named *.client.tsx"]);
    // A path's pattern is not a naming convention.
    expect(check("docs/x.md", "every app/routes/*.tsx and `**/*.test.ts`")).toEqual([]);
  });

  it.each(["SPEC", "DECISIONS", "STYLE", "DESIGN", "STACK"])("refuses a comment naming %s.md", (name) => {
    expect(messages("app/x.ts", `// the rule (${outside(name)} section 5)`)).toEqual([
      `1: ${outside(name)} is not in the repository: cite docs/product.md, docs/design.md or a decision`,
    ]);
    expect(messages("docs/x.md", `See shared/${outside(name)}.`)).toHaveLength(1);
  });

  it("refuses an issue number, in any case, and with a #", () => {
    expect(messages("app/x.ts", `// ${issue(14)}`)).toHaveLength(1);
    expect(messages("tests/x.ts", `/** Issue 25 item 3: ... */`)).toHaveLength(1);
    expect(messages("docs/x.md", `as ${"issues"} #15 and 16 asked`)).toHaveLength(1);
    expect(messages("app/x.ts", "// an issuer 14 days later; tissue 3")).toEqual([]);
  });

  it("accepts a repository path that exists, and refuses one that does not", () => {
    expect(messages("app/x.ts", "// read at start (app/core/env.server.ts)")).toEqual([]);
    expect(messages("app/x.ts", "// see app/core/gone.ts.")).toEqual(["1: app/core/gone.ts does not exist"]);
    expect(messages("README.md", "the table in docs/old-name.md")).toEqual(["1: docs/old-name.md does not exist"]);
  });

  it("checks paths only in the comments of code: a string may name a build file or a missing one on purpose", () => {
    expect(messages("server.js", 'const file = path.join(buildDir, "server/index.js");')).toEqual([]);
    expect(messages("server.js", "run(x); // then server/index.js")).toEqual(["1: server/index.js does not exist"]);
    expect(messages("app/x.tsx", "{/* as in app/ui/gone.tsx */}")).toEqual(["1: app/ui/gone.tsx does not exist"]);
  });

  it("ignores paths that are patterns, URLs and files outside the repository", () => {
    expect(messages("docs/x.md", "every app/routes/*.tsx and app/features/<name>/x.ts")).toEqual([]);
    expect(
      messages("docs/x.md", "https://example.org/app/x.ts and /work/app/x.ts and node_modules/a/app/x.ts"),
    ).toEqual([]);
    expect(messages("docs/x.md", "a folder: docs/decisions/")).toEqual([]);
  });

  it("checks the anchor of a docs section", () => {
    expect(messages("app/x.ts", "// docs/product.md#5-validation-rules and docs/product.md#money")).toEqual([]);
    expect(messages("app/x.ts", "// docs/product.md#5-validation")).toEqual([
      "1: no heading #5-validation in docs/product.md",
    ]);
  });

  it("refuses a decision number that has no record, in lists and ranges too", () => {
    expect(messages("docs/x.md", "decision 0013; decisions 0014-0017; decisions 0015 and 0016")).toEqual([]);
    expect(messages("docs/x.md", "Decision 0099 says")).toEqual(["1: decision 0099 has no record in docs/decisions/"]);
    expect(messages("docs/x.md", "decisions 0013, 0042 and 0014")).toEqual([
      "1: decision 0042 has no record in docs/decisions/",
    ]);
  });

  it("resolves a markdown link from the file's own folder, with its anchor", () => {
    expect(messages("docs/decisions/0001-x.md", "[product](../product.md#money) [list](README.md)")).toEqual([]);
    expect(messages("docs/decisions/0001-x.md", "[gone](../gone.md)")).toEqual(["1: link ../gone.md names no file"]);
    expect(messages("docs/decisions/0001-x.md", "[p](../product.md#nope)")).toEqual([
      "1: no heading #nope in docs/product.md",
    ]);
    expect(messages("docs/x.md", "[web](https://example.org/a.md) [top](#top) [mail](mailto:a@b.c)")).toEqual([]);
  });

  it("reports the line of each problem", () => {
    expect(findProblems("app/x.ts", `const a = 1;\n// ${issue(3)}\n`, repo).map((p) => p.line)).toEqual([2]);
  });
});

describe("headingAnchors", () => {
  it("makes GitHub's anchors, numbering repeats and skipping fenced code", () => {
    const anchors = headingAnchors(
      "# Title\n## 5. Validation rules\n### Money\n### Money\n```\n# not a heading\n```\n## What `npm start` does (and why)",
    );
    expect([...anchors]).toEqual(["title", "5-validation-rules", "money", "money-1", "what-npm-start-does-and-why"]);
  });
});

describe("checkRepository", () => {
  it("walks the scanned folders of a repository and names file and line", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "doc-refs-"));
    mkdirSync(path.join(root, "docs/decisions"), { recursive: true });
    mkdirSync(path.join(root, "app/node_modules"), { recursive: true });
    writeFileSync(path.join(root, "docs/decisions/0001-stack.md"), "# 0001\n");
    writeFileSync(path.join(root, "README.md"), "Decision 0001.\nSee docs/missing.md.\n");
    writeFileSync(path.join(root, "app/node_modules/skip.ts"), `// ${issue(1)}\n`);
    expect(checkRepository(root)).toEqual(["README.md:2: docs/missing.md does not exist"]);
  });
});

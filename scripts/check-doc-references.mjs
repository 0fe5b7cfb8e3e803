// Part of `npm run lint`: every reference in a comment or doc resolves inside the repository
// (docs/architecture.md, "Code style"). It fails on
// - a product text kept outside the repository, named by file (the five names in OUTSIDE_FILES);
// - an issue number ("issue 14"): the rule belongs in a decision or a section of docs/product.md;
// - a repository path with an extension (app/..., server/..., docs/..., tests/..., scripts/..., bench/...,
//   content/...) or a relative markdown link that names no file, or a heading anchor that is not there;
// - a decision number with no record in docs/decisions/;
// - a "`Symbol` (path)" or "`Symbol` in path" pair (the path in backticks or not) whose file neither defines nor
//   imports the symbol (a name documented in the wrong file, or in the file it moved out of);
// - a bare file name of code (`refund-routes.server.test.ts`) that no file of the repository has (a file moved or
//   renamed since the text was written);
// - a naming convention (`*.client.tsx`) that no file of the repository follows.
// Run: node scripts/check-doc-references.mjs [--root DIR]. The matchers are exported for its test.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Files the product texts once lived in, outside the repository (spelled so this file does not name them). */
export const OUTSIDE_FILES = ["SPEC", "DECISIONS", "STYLE", "DESIGN", "STACK"].map((name) => `${name}.md`);

/** What is scanned, from the repository's root. */
export const SCANNED = [
  "app",
  "server",
  "tests",
  "scripts",
  "bench",
  "docs",
  "content",
  "deploy",
  "README.md",
  "Dockerfile",
  "compose.yaml",
  ".env.example",
  "server.js",
  "vite.config.ts",
  "vitest.config.ts",
  "vitest.ops.config.ts",
  "playwright.config.ts",
  "react-router.config.ts",
  "drizzle.config.ts",
];

const SKIPPED_DIRS = new Set(["node_modules", ".react-router", "build", "data"]);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|css|ya?ml|json|sql|sh|csv|conf|example|txt|html)$|^Dockerfile$/;
/** This checker and its test spell out the patterns they look for. */
const SELF = new Set(["scripts/check-doc-references.mjs", "scripts/check-doc-references.test.ts"]);

const outsideFile = new RegExp(
  `(?<![\\w-])(?:${OUTSIDE_FILES.map((f) => f.replace(".", "\\.")).join("|")})(?![\\w])`,
  "g",
);
const issueNumber = /\bissues?\s+#?\d+/gi;
const repoPath = /(?<![\w/.@~-])((?:app|server|docs|tests|scripts|bench|content)\/[\w.\-/]*\.[a-z]{1,5})(#[\w-]+)?/g;
const decisionNumbers = /\bdecisions?\s+(\d{4}(?:(?:\s*(?:,|-|–|\band\b|\bor\b|\bto\b)\s*)\d{4})*)/gi;
const markdownLink = /\]\(([^)\s]+)\)/g;
const symbolAndPath =
  /`<?([A-Za-z_$][\w$]*)(?:[.\w$]*)(?:\(\))?(?: ?\/?>)?` (?:\(|in )`?((?:app|server|docs|tests|scripts|bench|content)\/[\w.\-/]*\.[a-z]{1,5})(?:[),;:]|`(?=[),;:.\s]|$)|(?=[.\s]|$))/g;
/** A file name of code with no folder before it; a path's last part is checked as a path instead. */
const bareCodeFile = /(?<![\w/.@~*{<$\\-])([\w-]+(?:\.[\w-]+)*\.(?:tsx?|mts|mjs|cts))(?![\w/.-])/g;
/** A naming convention: `*.client.tsx`, `*.server.ts` (not a path's pattern such as app/routes/*.tsx). */
const convention = /(?<![\w/*])\*(\.[\w-]+(?:\.[\w-]+)*)(?![\w/*])/g;
const scriptFile = /\.[cm]?[jt]sx?$/;
/** The comment on a line of JavaScript or TypeScript: a whole comment line, or what follows `//` or `/*`. */
const commentPart = /^\s*(?:\/\/|\/\*|\*).*$|(?:^|[\s{;,(])(?:\/\/|\/\*).*$/;

/**
 * The problems in one file's text. `exists(relativePath)` says whether a path (from the root) exists;
 * `anchors(relativePath)` lists a markdown file's heading anchors; `decisions` holds the record numbers.
 * @param {string} file the file's path from the root, with forward slashes
 * @param {string} text
 * `read(relativePath)` gives a file's text (null when it is not a file).
 * @param {{ exists: (p: string) => boolean, anchors: (p: string) => Set<string> | null, decisions: Set<string>, read?: (p: string) => string | null }} repo
 * @returns {{ line: number, message: string }[]}
 */
export function findProblems(file, text, repo) {
  /** @type {{ line: number, message: string }[]} */
  const problems = [];
  const lines = text.split("\n");
  const isMarkdown = file.endsWith(".md");
  const checkAnchor = (target, anchor, lineNo) => {
    if (!anchor || !target.endsWith(".md")) return;
    const known = repo.anchors(target);
    if (known && !known.has(anchor.slice(1)))
      problems.push({ line: lineNo, message: `no heading ${anchor} in ${target}` });
  };
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    for (const match of line.matchAll(outsideFile)) {
      problems.push({
        line: lineNo,
        message: `${match[0]} is not in the repository: cite docs/product.md, docs/design.md or a decision`,
      });
    }
    for (const match of line.matchAll(issueNumber)) {
      problems.push({
        line: lineNo,
        message: `"${match[0]}": cite the decision or the docs section that holds the rule`,
      });
    }
    // In code, paths are checked in comments only: a string may name a file of the build or one that is
    // missing on purpose.
    const pathText = scriptFile.test(file) ? (commentPart.exec(line)?.[0] ?? "") : line;
    for (const match of pathText.matchAll(repoPath)) {
      const target = match[1].replace(/[.]+$/, "");
      if (/[*{}<>$]/.test(target)) continue;
      if (!repo.exists(target)) problems.push({ line: lineNo, message: `${target} does not exist` });
      else checkAnchor(target, match[2], lineNo);
    }
    for (const match of pathText.matchAll(bareCodeFile)) {
      // A one-letter name (`x.server.ts`) is a placeholder.
      if (repo.names && !repo.names.has(match[1]) && !/^[a-z]\./.test(match[1])) {
        problems.push({ line: lineNo, message: `no file of the repository is named ${match[1]}` });
      }
    }
    for (const match of pathText.matchAll(convention)) {
      if (repo.names && ![...repo.names].some((name) => name.endsWith(match[1]) && name !== match[1])) {
        problems.push({ line: lineNo, message: `no file of the repository is named *${match[1]}` });
      }
    }
    for (const match of line.matchAll(symbolAndPath)) {
      const [, symbol, target] = match;
      const source = repo.read?.(target);
      const declared = new RegExp(
        `(?:function\\*?|const|let|var|class|type|interface|enum)\\s+${symbol}(?![\\w$])|export\\s*\\{[^}]*\\b${symbol}\\b|^\\s*${symbol}\\??\\s*[:=(]|^${symbol}=|^import\\b[^;]*\\b${symbol}\\b[^;]*\\bfrom\\b|\\.${symbol}\\b`,
        "m",
      );
      if (source != null && !declared.test(source)) {
        problems.push({ line: lineNo, message: `${target} neither defines nor imports ${symbol}` });
      }
    }
    for (const match of line.matchAll(decisionNumbers)) {
      for (const number of match[1].match(/\d{4}/g) ?? []) {
        if (!repo.decisions.has(number))
          problems.push({ line: lineNo, message: `decision ${number} has no record in docs/decisions/` });
      }
    }
    if (isMarkdown) {
      for (const match of line.matchAll(markdownLink)) {
        const link = match[1];
        if (/^(?:[a-z]+:|#|\/)/i.test(link)) continue;
        const [target = "", hash] = link.split("#");
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        if (!repo.exists(resolved)) problems.push({ line: lineNo, message: `link ${link} names no file` });
        else checkAnchor(resolved, hash ? `#${hash}` : undefined, lineNo);
      }
    }
  });
  return problems;
}

/**
 * GitHub's anchors for a markdown text's headings.
 * @param {string} markdown
 * @returns {Set<string>}
 */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function listFiles(root, relative, out, wanted = (file) => TEXT_FILE.test(path.basename(file)) && !SELF.has(file)) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isFile()) {
    if (wanted(relative)) out.push(relative);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith("build-") || (!relative && entry.name.startsWith("."))) {
      if (entry.name !== ".ci") continue;
    }
    listFiles(root, relative ? `${relative}/${entry.name}` : entry.name, out, wanted);
  }
}

/** Every problem under `root`, as "file:line: message" lines. */
export function checkRepository(root) {
  const files = [];
  for (const entry of SCANNED) listFiles(root, entry, files);
  const decisionsDir = path.join(root, "docs/decisions");
  const decisions = new Set(
    existsSync(decisionsDir)
      ? readdirSync(decisionsDir)
          .map((name) => /^(\d{4})-.*\.md$/.exec(name)?.[1])
          .filter(Boolean)
      : [],
  );
  const anchorCache = new Map();
  const everyFile = [];
  listFiles(root, "", everyFile, () => true);
  const repo = {
    names: new Set(everyFile.map((file) => path.posix.basename(file))),
    exists: (p) => existsSync(path.join(root, p)),
    anchors: (p) => {
      if (!anchorCache.has(p)) {
        const full = path.join(root, p);
        anchorCache.set(
          p,
          existsSync(full) && statSync(full).isFile() ? headingAnchors(readFileSync(full, "utf8")) : null,
        );
      }
      return anchorCache.get(p);
    },
    decisions,
    read: (p) => {
      const full = path.join(root, p);
      return existsSync(full) && statSync(full).isFile() ? readFileSync(full, "utf8") : null;
    },
  };
  const report = [];
  for (const file of files) {
    for (const problem of findProblems(file, readFileSync(path.join(root, file), "utf8"), repo)) {
      report.push(`${file}:${problem.line}: ${problem.message}`);
    }
  }
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rootFlag = process.argv.indexOf("--root");
  const root =
    rootFlag > 0
      ? path.resolve(process.argv[rootFlag + 1])
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const report = checkRepository(root);
  if (report.length > 0) {
    console.error(
      `References that do not resolve inside the repository (docs/architecture.md, "Code style"):\n${report.join("\n")}`,
    );
    process.exit(1);
  }
}

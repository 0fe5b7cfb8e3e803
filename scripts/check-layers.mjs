// Checks every import in app/ and server/ against the layer table (scripts/layers.mjs) on its resolved path, so
// `~/features/payments/x` and `../../features/payments/x` are the same import. Denied by default: a file in no
// layer, a feature folder without a row, or an import the table does not list fails; so does an allowance of the
// table that no import uses. Run by `npm run lint`.
//
//   node scripts/check-layers.mjs            check the tree, and that docs/architecture.md's diagram is the table's
//   node scripts/check-layers.mjs --diagram  print the diagram (paste it between the doc's layer markers)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "oxc-parser";
import { ResolverFactory } from "oxc-resolver";
import { features as featureTable, layers as layerTable, unchecked as uncheckedPaths } from "./layers.mjs";

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.test\.(ts|tsx|mts|mjs)$/;
const DOC = "docs/architecture.md";
const DIAGRAM_START = "<!-- layers:start (drawn by scripts/check-layers.mjs --diagram) -->";
const DIAGRAM_END = "<!-- layers:end -->";

/**
 * The unit a path belongs to: `feature:<name>` for a feature folder, a layer's name, "unchecked" for tests,
 * scripts and configuration, or null when nothing claims it (denied).
 * @param {string} file a path from the repository's root, with "/" separators
 * @param {{ layers: typeof layerTable, features: Record<string, string[]>, unchecked: string[] }} table
 */
export function unitOf(file, table) {
  const feature = /^app\/features\/([^/]+)\//.exec(file);
  if (feature) return `feature:${feature[1]}`;
  let best = null;
  for (const layer of table.layers) {
    for (const folder of layer.folders) {
      const claims = folder.endsWith("/") ? file.startsWith(folder) : file === folder;
      if (claims && (!best || folder.length > best.length)) best = { name: layer.name, length: folder.length };
    }
  }
  if (best) return best.name;
  if (table.unchecked.some((prefix) => (prefix.endsWith("/") ? file.startsWith(prefix) : file === prefix))) {
    return "unchecked";
  }
  return null;
}

/** Why `from` may not import `to` (units from unitOf), or null when the table allows it. */
export function refusal(from, to, isTest, table) {
  if (to === null) return "imports a file that belongs to no layer";
  if (from === to) return null;
  const layerOf = (unit) => (unit.startsWith("feature:") ? "features" : unit);
  // A server test assembles features as the composition files do.
  if (from === "server" && isTest) return refusal("composition", to, true, table);
  if (to === "unchecked") {
    return isTest ? null : "imports tests, scripts or configuration from application code";
  }
  if (from.startsWith("feature:") && to.startsWith("feature:")) {
    const [name, target] = [from.slice(8), to.slice(8)];
    if (isTest || table.features[name]?.includes(target)) return null;
    return `feature ${name} may not use feature ${target} (its row in scripts/layers.mjs lists: ${
      (table.features[name] ?? []).join(", ") || "none"
    })`;
  }
  const layer = table.layers.find((entry) => entry.name === layerOf(from));
  if (layer?.uses.includes(layerOf(to))) return null;
  return `${layerOf(from)} may not use ${layerOf(to)} (scripts/layers.mjs: ${layerOf(from)} uses ${
    layer?.uses.join(", ") || "nothing"
  })`;
}

/**
 * A resolver as the build's: tsconfig's paths (`~/`, `#tests/`), extensions, index files. It answers a path from the
 * root, or null for a package.
 * @param {string} root
 * @returns {(file: string, specifier: string) => string | null}
 */
export function resolverFor(root) {
  const factory = new ResolverFactory({
    tsconfig: { configFile: path.join(root, "tsconfig.json") },
    extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".d.mts"],
    conditionNames: ["node", "import"],
  });
  return (file, specifier) => {
    const found = factory.sync(path.join(root, path.dirname(file)), specifier.split("?")[0]);
    if (!found.path) {
      // Unresolved (the typecheck reports it): judged by where it points.
      if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
      if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
      return null;
    }
    const relative = path.relative(root, found.path).split(path.sep).join("/");
    return relative.startsWith("node_modules/") || relative.startsWith("..") ? null : relative;
  };
}

/** The module specifiers a file imports: static, re-exports, dynamic with a literal, and vi.mock's. */
export function importsOf(file, text) {
  const { module } = parseSync(file, text);
  const found = module.staticImports.map((entry) => entry.moduleRequest.value);
  for (const entry of module.staticExports.flatMap((item) => item.entries)) {
    if (entry.moduleRequest) found.push(entry.moduleRequest.value);
  }
  for (const entry of module.dynamicImports) {
    const literal = /^["'`]([^"'`$]+)["'`]$/.exec(text.slice(entry.moduleRequest.start, entry.moduleRequest.end));
    if (literal) found.push(literal[1]);
  }
  for (const match of text.matchAll(/\bvi\.(?:mock|doMock)\(\s*["']([^"']+)["']/g)) found.push(match[1]);
  return found;
}

/**
 * Every refused import of `sources` (path from the root -> text), resolved by `resolve`.
 * @param {Map<string, string>} sources
 * @param {(file: string, specifier: string) => string | null} resolve
 */
export function findViolations(
  sources,
  resolve,
  table = { layers: layerTable, features: featureTable, unchecked: uncheckedPaths },
) {
  const problems = [];
  for (const name of new Set([...sources.keys()].map((file) => /^app\/features\/([^/]+)\//.exec(file)?.[1]))) {
    if (name && !(name in table.features)) {
      problems.push(`app/features/${name}/: a feature folder with no row in scripts/layers.mjs (add one)`);
    }
  }
  for (const [file, text] of sources) {
    const from = unitOf(file, table);
    if (from === null) {
      problems.push(`${file}: belongs to no layer (add its folder to scripts/layers.mjs)`);
      continue;
    }
    if (from === "unchecked") continue;
    if (from.startsWith("feature:") && !(from.slice(8) in table.features)) continue;
    for (const specifier of importsOf(file, text)) {
      const target = resolve(file, specifier);
      // Packages, and files that are not code (a stylesheet, a font, JSON) are not layered.
      if (target === null || !SOURCE.test(target) || target.startsWith(".react-router/")) continue;
      const why = refusal(from, unitOf(target, table), TEST.test(file), table);
      if (why) problems.push(`${file}: "${specifier}" (${target}): ${why}`);
    }
  }
  return problems;
}

/**
 * Allowances of the table no import of application code uses (tests may import any feature, so theirs do not
 * count): a feature's row naming a feature it never imports, or a layer using one it never imports. Each one left
 * would let the next import through unreviewed, so the check fails on it. Meaningful on the whole tree only.
 * @param {Map<string, string>} sources
 * @param {(file: string, specifier: string) => string | null} resolve
 */
export function unusedAllowances(
  sources,
  resolve,
  table = { layers: layerTable, features: featureTable, unchecked: uncheckedPaths },
) {
  const layerOf = (unit) => (unit.startsWith("feature:") ? "features" : unit);
  const used = new Set();
  for (const [file, text] of sources) {
    const from = unitOf(file, table);
    if (from === null || from === "unchecked" || TEST.test(file)) continue;
    for (const specifier of importsOf(file, text)) {
      const target = resolve(file, specifier);
      if (target === null || !SOURCE.test(target)) continue;
      const to = unitOf(target, table);
      if (to === null || to === "unchecked" || to === from) continue;
      used.add(`${from} -> ${to}`);
      used.add(`${layerOf(from)} -> ${layerOf(to)}`);
    }
  }
  const problems = [];
  for (const [name, uses] of Object.entries(table.features)) {
    for (const target of uses) {
      if (!used.has(`feature:${name} -> feature:${target}`)) {
        problems.push(`scripts/layers.mjs: feature ${name} may use ${target}, but nothing in it does (remove it)`);
      }
    }
  }
  for (const layer of table.layers) {
    for (const target of layer.uses) {
      if (!used.has(`${layer.name} -> ${target}`)) {
        problems.push(`scripts/layers.mjs: layer ${layer.name} may use ${target}, but nothing in it does (remove it)`);
      }
    }
  }
  return problems;
}

/** The diagram of docs/architecture.md, drawn from the table: layers top-down, then the features' rows. */
export function diagram(table = { layers: layerTable, features: featureTable }) {
  const lines = ["```", `${"layer".padEnd(13)}${"may import".padEnd(38)}its files`];
  for (const layer of table.layers.toReversed()) {
    const [first, ...rest] = layer.folders;
    lines.push(`${layer.name.padEnd(13)}${(layer.uses.join(", ") || "-").padEnd(38)}${first}`);
    for (const folder of rest) lines.push(`${"".padEnd(51)}${folder}`);
  }
  lines.push("", `${"feature".padEnd(15)}may also import (one way: decision 0009)`);
  for (const [name, uses] of Object.entries(table.features)) lines.push(`${name.padEnd(15)}${uses.join(", ") || "-"}`);
  lines.push("```");
  return lines.join("\n");
}

/** Problems of the table itself: a row naming a feature with no row, or features that use each other in a ring. */
export function tableProblems(table = { features: featureTable }) {
  const problems = [];
  for (const [name, uses] of Object.entries(table.features)) {
    for (const used of uses)
      if (!(used in table.features)) problems.push(`scripts/layers.mjs: ${name} uses ${used}, which has no row`);
  }
  const state = new Map();
  const visit = (name, trail) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") {
      problems.push(
        `scripts/layers.mjs: features use each other in a ring: ${[...trail.slice(trail.indexOf(name)), name].join(" -> ")}`,
      );
      return;
    }
    state.set(name, "open");
    for (const used of table.features[name] ?? []) visit(used, [...trail, name]);
    state.set(name, "done");
  };
  for (const name of Object.keys(table.features)) visit(name, []);
  return problems;
}

function walk(root, folder, out) {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (relative !== "app/db/migrations") walk(root, relative, out);
    } else if (SOURCE.test(entry.name)) {
      out.set(relative, readFileSync(path.join(root, relative), "utf8"));
    }
  }
  return out;
}

function main() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  if (process.argv.includes("--diagram")) {
    console.log(diagram());
    return;
  }
  const sources = walk(root, "server", walk(root, "app", new Map()));
  const resolve = resolverFor(root);
  const problems = [...tableProblems(), ...findViolations(sources, resolve), ...unusedAllowances(sources, resolve)];
  const doc = readFileSync(path.join(root, DOC), "utf8");
  const drawn = doc.slice(doc.indexOf(DIAGRAM_START) + DIAGRAM_START.length, doc.indexOf(DIAGRAM_END)).trim();
  if (!doc.includes(DIAGRAM_START) || drawn !== diagram()) {
    problems.push(`${DOC}: the layer diagram is not the table's (node scripts/check-layers.mjs --diagram)`);
  }
  if (problems.length > 0) {
    console.error(`The layer table and the imports disagree (scripts/layers.mjs):\n${problems.join("\n")}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

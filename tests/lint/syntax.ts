import { readdirSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";

// What the test lints (fixed-waits, switched-off) share: oxc-parser's ESTree nodes with their parents, a node's
// line, and the test code they read.

/** oxc-parser's ESTree nodes, as far as the lints read them. */
export type Node = { type: string; start: number; end: number; [key: string]: unknown };
export const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

function children(node: Node): Node[] {
  return Object.entries(node).flatMap(([key, value]) =>
    key === "parent" ? [] : Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

export const FUNCTION = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

export type Parsed = {
  text: string;
  /** Every node, parents before their children. */
  nodes: Node[];
  parentOf: Map<Node, Node>;
  /** The 1-based line of an offset. */
  lineOf: (offset: number) => number;
  /** `line: the code`, on one line. */
  where: (node: Node) => string;
  /** Whether a line the node spans has `// <tag>: <why>`. */
  says: (node: Node, tag: string) => boolean;
};

const parsedBefore = new Map<string, Parsed>();

/** A file's syntax tree (each text parsed once per run: several rules read the same files). */
export function parse(text: string, file: string): Parsed {
  const key = `${file}\0${text}`;
  const known = parsedBefore.get(key);
  if (known) return known;
  const parsed = parseFresh(text, file);
  parsedBefore.set(key, parsed);
  return parsed;
}

function parseFresh(text: string, file: string): Parsed {
  const { program } = parseSync(file, text);
  const nodes: Node[] = [];
  const parentOf = new Map<Node, Node>();
  const stack: Node[] = [program as unknown as Node];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    for (const child of children(node).toReversed()) {
      parentOf.set(child, node);
      stack.push(child);
    }
  }
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const lines = text.split("\n");
  return {
    text,
    nodes,
    parentOf,
    lineOf,
    where: (node) => `${lineOf(node.start)}: ${text.slice(node.start, node.end).replace(/\s+/g, " ").slice(0, 120)}`,
    says: (node, tag) => {
      const reason = new RegExp(`\\/[/*]\\s*${tag}:\\s*\\S`);
      return lines.slice(lineOf(node.start) - 1, lineOf(node.end)).some((line) => reason.test(line));
    },
  };
}

/** The name a property is read by: `a.b`, `a["b"]`. */
export function propertyName(member: Node): string | undefined {
  const property = member.property as Node;
  if (!member.computed) return property.name as string;
  return property.type === "Literal" && typeof property.value === "string" ? property.value : undefined;
}

/** The names of a callee's chain from its root: test.describe.skip → [test, describe, skip]; it.each([])(…) → [it, each]. */
export function chainOf(node: Node): string[] {
  if (node.type === "Identifier") return [node.name as string];
  if (node.type === "MemberExpression") return [...chainOf(node.object as Node), propertyName(node) ?? "[]"];
  if (node.type === "CallExpression") return [...chainOf(node.callee as Node), "()"];
  if (node.type === "ParenthesizedExpression" || node.type === "TSNonNullExpression")
    return chainOf(node.expression as Node);
  return [`<${node.type}>`];
}

const root = path.resolve(import.meta.dirname, "../..");
const SKIPPED_DIRS = new Set(["node_modules", "build", ".react-router"]);
const SCRIPT = /\.[cm]?[jt]sx?$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Every script under tests/ (specs, helpers, probes), and the test files under app/, server/, scripts/, content/. */
export function testCode(): string[] {
  const files: string[] = [];
  const walk = (dir: string, only?: RegExp) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative, only);
      } else if (SCRIPT.test(entry.name) && (!only || only.test(entry.name)) && !entry.name.startsWith("lint-probe-")) {
        files.push(relative);
      }
    }
  };
  walk("tests");
  for (const dir of ["app", "server", "scripts", "content"]) walk(dir, TEST_FILE);
  return files;
}

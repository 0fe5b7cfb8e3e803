import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
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

/** Calls that pause for their argument: sleep(2000), delay(…), pause(…), wait(…), timers/promises' setTimeout(1000). */
const PAUSES = new Set(["sleep", "delay", "pause", "wait", "setTimeout"]);
const LONG = 1000;
const REASON = /\/[/*]\s*fixed wait:\s*\S/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

function children(node: Node): Node[] {
  return Object.entries(node).flatMap(([key, value]) =>
    key === "parent" ? [] : Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

/** The name a call is made by: sleep(…) or page.waitForTimeout(…), timers.setTimeout(…). */
function calleeName(callee: Node): string | undefined {
  if (callee.type === "Identifier") return callee.name as string;
  if (callee.type === "MemberExpression" && !callee.computed && isNode(callee.property))
    return callee.property.name as string;
  return undefined;
}

/** The value of a constant expression of numbers (2 * 1000, 1_500, a const's name), or undefined. */
function constant(node: Node | undefined, consts: Map<string, Node>, seen = new Set<string>()): number | undefined {
  if (!node) return undefined;
  if (node.type === "Literal") return typeof node.value === "number" ? node.value : undefined;
  if (node.type === "ParenthesizedExpression" || node.type === "TSAsExpression")
    return constant(node.expression as Node, consts, seen);
  if (node.type === "UnaryExpression" && node.operator === "-") {
    const value = constant(node.argument as Node, consts, seen);
    return value === undefined ? undefined : -value;
  }
  if (node.type === "BinaryExpression") {
    const left = constant(node.left as Node, consts, seen);
    const right = constant(node.right as Node, consts, seen);
    if (left === undefined || right === undefined) return undefined;
    const ops: Record<string, (a: number, b: number) => number> = {
      "*": (a, b) => a * b,
      "+": (a, b) => a + b,
      "-": (a, b) => a - b,
      "/": (a, b) => a / b,
      "**": (a, b) => a ** b,
    };
    return ops[node.operator as string]?.(left, right);
  }
  if (node.type === "Identifier" && consts.has(node.name as string) && !seen.has(node.name as string))
    return constant(consts.get(node.name as string), consts, new Set([...seen, node.name as string]));
  return undefined;
}

/** The fixed waits in one file's text, each as `line: what`. */
function findFixedWaits(text: string, file = "wait.ts"): string[] {
  const { program } = parseSync(file, text);
  const lines = text.split("\n");
  const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
  const all: Node[] = [];
  const collect = (node: Node) => {
    all.push(node);
    for (const child of children(node)) collect(child);
  };
  collect(program as unknown as Node);
  // `const WAIT = 2 * 1000` anywhere in the file: a name for a number is still a number.
  const consts = new Map<string, Node>();
  for (const node of all)
    if (node.type === "VariableDeclarator" && isNode(node.id) && node.id.type === "Identifier" && isNode(node.init))
      consts.set(node.id.name as string, node.init);
  const found: string[] = [];
  for (const node of all) {
    if (node.type !== "CallExpression" || !isNode(node.callee)) continue;
    const name = calleeName(node.callee);
    const args = (node.arguments as Node[]) ?? [];
    let wait = false;
    if (name === "waitForTimeout")
      wait = true; // any duration, a literal or not
    else if (name === "setTimeout") {
      // setTimeout(resolve, 1500), setTimeout(ok, 1500), setTimeout(() => resolve(), 1500); timers/promises'
      // setTimeout(1500). Not test.setTimeout(…), a time limit.
      if (node.callee.type === "Identifier")
        wait = (constant(args[0], consts) ?? constant(args[1], consts) ?? 0) >= LONG;
    } else if (name !== undefined && PAUSES.has(name)) wait = (constant(args[0], consts) ?? 0) >= LONG;
    if (!wait) continue;
    const line = lineOf(node.start);
    const lastLine = lineOf(node.end);
    if (lines.slice(line - 1, lastLine).some((text) => REASON.test(text))) continue;
    found.push(`${line}: ${text.slice(node.start, node.end).replace(/\s+/g, " ")}`);
  }
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
    expect(findFixedWaits("await page.waitForTimeout(500);")).toEqual(["1: page.waitForTimeout(500)"]);
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

  it("are caught by any name, callback or spelling of the duration", () => {
    expect(findFixedWaits("await pause(2000);")).toEqual(["1: pause(2000)"]);
    expect(findFixedWaits("await new Promise((ok) => setTimeout(ok, 1500));")).toEqual(["1: setTimeout(ok, 1500)"]);
    expect(findFixedWaits("await sleep(2 * 1000);")).toEqual(["1: sleep(2 * 1000)"]);
    expect(findFixedWaits("await page.waitForTimeout(x);")).toEqual(["1: page.waitForTimeout(x)"]);
    expect(findFixedWaits("const SETTLE = 3 * 1000;\nawait delay(SETTLE);")).toEqual(["2: delay(SETTLE)"]);
    expect(findFixedWaits("await new Promise((r) => setTimeout(() => r(undefined), 1.5e3));")).toEqual([
      "1: setTimeout(() => r(undefined), 1.5e3)",
    ]);
    expect(findFixedWaits("await helpers.sleep(\n  2000,\n);")).toEqual(["1: helpers.sleep( 2000, )"]);
    // A reason on any line of the call allows it; a short one, computed or not, is fine.
    expect(findFixedWaits("await helpers.sleep(\n  2000, // fixed wait: the behaviour\n);")).toEqual([]);
    expect(findFixedWaits("await sleep(2 * 100);\nawait pause(POLL);")).toEqual([]);
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

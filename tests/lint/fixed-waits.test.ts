import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chainOf, FUNCTION, isNode, type Node, parse, testCode } from "./syntax";

// A test that sleeps waits the same time on a fast machine as on a slow one, and is still flaky on a slower one: of
// any length, since a short sleep in a loop is a long one. It waits for a condition instead: Playwright's web-first
// assertions and expect.poll, Vitest's vi.waitFor, or pollUntil (tests/support/poll.ts, the suite's one poller), or
// runs the server with its timer set short (the *_MS settings of app/core/env.server.ts). A wait that is itself the
// behaviour under test (an outage that must outlast a timeout, a stand-in's latency) says so on its line:
// `await sleep(5000); // fixed wait: <why>`.
const root = path.resolve(import.meta.dirname, "../..");
const SELF = "tests/lint/fixed-waits.test.ts";
const TIMERS_PROMISES = new Set(["timers/promises", "node:timers/promises"]);
const GLOBALS = new Set(["globalThis", "global", "window", "self"]);
const RESOLVE_NAMES = /^(resolve|res|r|ok|done|next|wake)$/;
const FIX =
  "wait for a condition (Playwright: a web-first assertion or expect.poll; Vitest: vi.waitFor; else pollUntil from " +
  "#tests/support/poll), or say why on its line: `// fixed wait: <why>` (docs/testing.md)";

const delayOf = (node: Node | undefined): number | undefined =>
  node === undefined ? 0 : node.type === "Literal" && typeof node.value === "number" ? node.value : undefined;

/** Whether `callee` is the global setTimeout: setTimeout, globalThis.setTimeout, window["setTimeout"]. */
function isGlobalTimer(callee: Node): boolean {
  const chain = chainOf(callee);
  return (
    (chain.length === 1 && chain[0] === "setTimeout") ||
    (chain.length === 2 && GLOBALS.has(chain[0]!) && chain[1] === "setTimeout")
  );
}

/** The pauses of a polling loop: only the suite's one poller may have them (`// poll interval: <why>`). */
const POLLER = "tests/support/poll.ts";

type Scan = { found: string[]; sleepers: Set<string> };

/**
 * The fixed waits in one file's text, each as `line: what`, and its sleepers: the functions declared at its top level
 * that pause (with a reason or not), whose every call is a fixed wait too, here and in any file that imports them.
 * `importedSleepers(source, name)` says whether an imported name is one.
 */
function scanFixedWaits(
  text: string,
  file = "wait.ts",
  importedSleepers: (source: string, name: string) => boolean = () => false,
): Scan {
  const parsed = parse(text, file);
  const { nodes, parentOf } = parsed;
  /** The resolve functions of the executors of `new Promise(…)` around a node. */
  const resolversAround = (node: Node) => {
    const names = new Set<string>();
    for (let at = parentOf.get(node); at; at = parentOf.get(at)) {
      if (!FUNCTION.has(at.type)) continue;
      const outer = parentOf.get(at);
      const first = (at.params as Node[])[0];
      if (outer?.type === "NewExpression" && chainOf(outer.callee as Node).join(".") === "Promise" && first)
        if (first.type === "Identifier") names.add(first.name as string);
    }
    return names;
  };
  const callsIn = (fn: Node, names: Set<string>) =>
    nodes.some(
      (inner) =>
        inner.start >= fn.start &&
        inner.end <= fn.end &&
        inner.type === "CallExpression" &&
        isNode(inner.callee) &&
        inner.callee.type === "Identifier" &&
        (names.has(inner.callee.name as string) || RESOLVE_NAMES.test(inner.callee.name as string)),
    );
  const waits: Node[] = [];
  for (const node of nodes) {
    if (node.type === "ImportDeclaration" && TIMERS_PROMISES.has((node.source as Node).value as string)) {
      // setTimeout, setInterval and scheduler.wait of node:timers/promises, under any name: all pauses.
      if (
        (node.specifiers as Node[]).some(
          (s) => s.type !== "ImportSpecifier" || /^(setTimeout|setInterval|scheduler)$/.test(importedName(s)),
        )
      )
        waits.push(node);
      continue;
    }
    if (node.type === "ImportExpression" && TIMERS_PROMISES.has((node.source as Node).value as string)) {
      waits.push(node);
      continue;
    }
    if (node.type !== "CallExpression" || !isNode(node.callee)) continue;
    const chain = chainOf(node.callee);
    const args = (node.arguments as Node[]) ?? [];
    const last = chain.at(-1);
    if (last === "waitForTimeout")
      waits.push(node); // any duration, a literal or not
    else if (chain.length === 1 && chain[0] === "require" && TIMERS_PROMISES.has(args[0]?.value as string))
      waits.push(node);
    else if (last === "promisify" && args[0] && isGlobalTimer(args[0])) waits.push(node);
    else if (isGlobalTimer(node.callee)) {
      // setTimeout(resolve, 10), setTimeout(() => ok(value), ms): a promise that resolves after a time. A timer of
      // no delay (the next turn of the event loop) is not a wait, nor one that rejects (a deadline) or calls a
      // handler (a stand-in's latency).
      if (delayOf(args[1]) === 0) continue;
      const resolvers = resolversAround(node);
      const callback = args[0];
      if (!callback) continue;
      if (callback.type === "Identifier") {
        if (resolvers.has(callback.name as string) || RESOLVE_NAMES.test(callback.name as string)) waits.push(node);
      } else if (FUNCTION.has(callback.type) && callsIn(callback, resolvers)) waits.push(node);
    }
  }
  // vi.useFakeTimers() for every test of the file (at its top or in a beforeEach/beforeAll): its timers are not time.
  const fakeTime = nodes.some((node) => {
    if (node.type !== "CallExpression" || chainOf(node.callee as Node).join(".") !== "vi.useFakeTimers") return false;
    let at = parentOf.get(node);
    while (at && !FUNCTION.has(at.type)) at = parentOf.get(at);
    if (!at) return true;
    const hook = parentOf.get(at);
    return (
      hook?.type === "CallExpression" &&
      /^(beforeEach|beforeAll)$/.test(chainOf(hook.callee as Node).join(".")) &&
      parentOf.get(parentOf.get(hook)!) === nodes[0]
    );
  });
  if (fakeTime)
    waits.splice(
      0,
      waits.length,
      ...waits.filter((node) => node.type !== "CallExpression" || !isGlobalTimer(node.callee as Node)),
    );
  const polls = file === POLLER ? waits.filter((node) => parsed.says(node, "poll interval")) : [];
  const pauses = waits.filter((node) => !polls.includes(node));
  // Top-level functions that pause: `const nap = (ms) => new Promise(…)`, `function nap(ms) { … }`.
  const sleepers = new Set<string>();
  const program = nodes[0]!;
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
    const named: Array<[string, Node]> = [];
    if (declaration?.type === "FunctionDeclaration") named.push([(declaration.id as Node).name as string, declaration]);
    if (declaration?.type === "VariableDeclaration")
      for (const item of declaration.declarations as Node[])
        if (isNode(item.init) && FUNCTION.has(item.init.type) && (item.id as Node).type === "Identifier")
          named.push([(item.id as Node).name as string, item.init]);
    for (const [name, fn] of named) {
      // Its body is the pause itself (a loop that pauses between checks is a poller, not a sleeper).
      const body = fn.body as Node;
      const only = body.type === "BlockStatement" ? (body.body as Node[]) : [body];
      let value = only.length === 1 ? only[0]! : undefined;
      while (value && ["ReturnStatement", "ExpressionStatement", "AwaitExpression"].includes(value.type))
        value = (value.argument ?? value.expression) as Node | undefined;
      if (
        value?.type === "NewExpression" &&
        pauses.some((wait) => wait.start >= value!.start && wait.end <= value!.end)
      )
        sleepers.add(name);
    }
  }
  const imported = new Map<string, boolean>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== "ImportDeclaration") continue;
    for (const specifier of statement.specifiers as Node[])
      if (specifier.type === "ImportSpecifier")
        imported.set(
          (specifier.local as Node).name as string,
          importedSleepers((statement.source as Node).value as string, importedName(specifier)),
        );
  }
  const sleeperCalls = nodes.filter(
    (node) =>
      node.type === "CallExpression" &&
      (node.callee as Node).type === "Identifier" &&
      (sleepers.has((node.callee as Node).name as string) || imported.get((node.callee as Node).name as string)),
  );
  const found = [...pauses, ...sleeperCalls]
    .toSorted((a, b) => a.start - b.start)
    .filter((node) => !parsed.says(node, "fixed wait"))
    .map(parsed.where);
  // The poller's tag anywhere else is a fixed wait under another name.
  if (file !== POLLER && /\/[/*]\s*poll interval:/.test(text))
    found.push("poll interval: only tests/support/poll.ts polls");
  return { found, sleepers };
}

const findFixedWaits = (text: string, file?: string) => scanFixedWaits(text, file).found;

function importedName(specifier: Node): string {
  const imported = specifier.imported as Node;
  return (imported.name as string | undefined) ?? (imported.value as string);
}

/** The file an import names, from the root, or undefined for a package. */
function importedFile(from: string, source: string, files: Set<string>): string | undefined {
  const base = source.startsWith(".")
    ? path.posix.join(path.posix.dirname(from), source)
    : source.startsWith("#tests/")
      ? source.slice(1)
      : undefined;
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`].find((file) => files.has(file));
}

/** Every file's fixed waits, with the calls of sleepers imported from another file. */
function fixedWaitsIn(files: string[]): string[] {
  const texts = new Map(files.map((file) => [file, readFileSync(path.join(root, file), "utf8")]));
  const sleepers = new Map([...texts].map(([file, text]) => [file, scanFixedWaits(text, file).sleepers]));
  const names = new Set(files);
  return files.flatMap((file) =>
    scanFixedWaits(texts.get(file)!, file, (source, name) => {
      const target = importedFile(file, source, names);
      return target !== undefined && (sleepers.get(target)?.has(name) ?? false);
    }).found.map((hit) => `${file}:${hit}`),
  );
}

describe("fixed waits in tests", () => {
  it("are caught at any length, and allowed with a reason on their line", () => {
    expect(findFixedWaits("await page.waitForTimeout(500);")).toEqual(["1: page.waitForTimeout(500)"]);
    expect(findFixedWaits("await new Promise((resolve) => setTimeout(resolve, 1_500));")).toEqual([
      "1: setTimeout(resolve, 1_500)",
    ]);
    expect(findFixedWaits("await new Promise((resolve) => setTimeout(resolve, 20));")).toEqual([
      "1: setTimeout(resolve, 20)",
    ]);
    expect(
      findFixedWaits("await new Promise((resolve) => setTimeout(resolve, 1)); // fixed wait: the behaviour"),
    ).toEqual([]);
  });

  it("are caught by any spelling of the timer: member calls, node:timers/promises, promisify", () => {
    expect(findFixedWaits("await new Promise((done) => globalThis.setTimeout(done, 5));")).toEqual([
      "1: globalThis.setTimeout(done, 5)",
    ]);
    expect(findFixedWaits('await new Promise((go) => window["setTimeout"](() => go(1), 5));')).toEqual([
      '1: window["setTimeout"](() => go(1), 5)',
    ]);
    expect(findFixedWaits('import { setTimeout } from "node:timers/promises";\nawait setTimeout(10);')).toEqual([
      '1: import { setTimeout } from "node:timers/promises";',
    ]);
    expect(findFixedWaits('import { setTimeout as nap } from "timers/promises";\nawait nap(10);')).toEqual([
      '1: import { setTimeout as nap } from "timers/promises";',
    ]);
    expect(findFixedWaits('import * as timers from "node:timers/promises";\nawait timers.setTimeout(10);')).toEqual([
      '1: import * as timers from "node:timers/promises";',
    ]);
    expect(findFixedWaits('import { scheduler } from "node:timers/promises";')).toHaveLength(1);
    expect(findFixedWaits('const { setTimeout: nap } = require("node:timers/promises");')).toHaveLength(1);
    expect(findFixedWaits('const t = await import("node:timers/promises");')).toHaveLength(1);
    expect(findFixedWaits("const nap = promisify(setTimeout);")).toEqual(["1: promisify(setTimeout)"]);
  });

  it("are caught in helpers of any name, durations held in constants, and short sleeps in loops", () => {
    expect(
      findFixedWaits("const nap = (ms) => new Promise((wake) => setTimeout(wake, ms));\nawait nap(SETTLE);"),
    ).toEqual(["1: setTimeout(wake, ms)", "2: nap(SETTLE)"]);
    expect(
      findFixedWaits("const PAUSE = 3 * 1000;\nawait new Promise((r) => setTimeout(() => r(undefined), PAUSE));"),
    ).toEqual(["2: setTimeout(() => r(undefined), PAUSE)"]);
    expect(
      findFixedWaits("while (!(await ready())) {\n  await new Promise((resolve) => setTimeout(resolve, 10));\n}"),
    ).toEqual(["2: setTimeout(resolve, 10)"]);
    expect(findFixedWaits("await page.waitForTimeout(x);")).toEqual(["1: page.waitForTimeout(x)"]);
    // A helper with a reason on its pause still pauses wherever it is called, in this file or one importing it.
    const helper = "export const nap = (ms) => new Promise((r) => setTimeout(r, ms)); // fixed wait: a helper";
    expect(findFixedWaits(`${helper}\nawait nap(5);`)).toEqual(["2: nap(5)"]);
    expect(
      scanFixedWaits(
        'import { nap as rest } from "./helpers";\nawait rest(5);',
        "x.test.ts",
        (source, name) => source === "./helpers" && name === "nap",
      ).found,
    ).toEqual(["2: rest(5)"]);
    // Only the one poller may pause between checks of a condition.
    expect(findFixedWaits("await new Promise((r) => setTimeout(r, 50)); // poll interval: mine")).toHaveLength(2);
  });

  it("passes waits on a condition, deadlines, time limits, a stand-in's latency and the next turn", () => {
    expect(findFixedWaits("await vi.waitFor(() => expect(sent).toHaveLength(1));")).toEqual([]);
    expect(findFixedWaits("await expect.poll(() => count()).toBe(2);\ntest.setTimeout(60_000);")).toEqual([]);
    expect(findFixedWaits("new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 5000));")).toEqual(
      [],
    );
    expect(findFixedWaits("req.on('end', () => void setTimeout(handle, latencyMs));")).toEqual([]);
    expect(findFixedWaits("await new Promise((resolve) => setTimeout(resolve));")).toEqual([]);
    expect(findFixedWaits("await new Promise((resolve) => setTimeout(resolve, 0));")).toEqual([]);
    // Fake timers for every test of the file: its timers are not time (a timer in a test's own body still is).
    const fake = "const after = (ms) => new Promise((r) => setTimeout(r, ms));\nawait after(5);";
    expect(findFixedWaits(`beforeEach(() => {\n  vi.useFakeTimers();\n});\n${fake}`)).toEqual([]);
    expect(findFixedWaits(`it("a", () => {\n  vi.useFakeTimers();\n});\n${fake}`)).toHaveLength(2);
  });

  it("appear nowhere without a reason", () => {
    const files = testCode().filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(50);
    expect(fixedWaitsIn(files).map((hit) => `${hit}: ${FIX}`)).toEqual([]);
  });
});

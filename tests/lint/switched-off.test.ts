// test-class: none (it names TEST_DATABASE_URL in its probes; it opens no database)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chainOf, FUNCTION, type Node, parse, type Parsed, propertyName, testCode } from "./syntax";

// A test that cannot fail lands green while proving nothing. This reads every test file (Vitest's and Playwright's,
// their helpers too) as code and refuses each way a test is switched off or made unable to fail, with how to fix it
// (docs/testing.md, "Tests cannot be switched off"). The spec lint (.oxlintrc.json, tests/lint/browser-specs.test.ts)
// refuses some of these in tests/e2e as well; this covers both runners.
const root = path.resolve(import.meta.dirname, "../..");
const RUNNERS = new Set(["test", "it", "describe", "suite", "bench"]);
const TESTS = new Set(["test", "it"]);
/** What may come between a test function and its call: test.concurrent(…), it.each([…])(…), test.extend(…)(…). */
const TEST_MODIFIERS = new Set(["concurrent", "sequential", "each", "for", "extend", "()"]);

/**
 * The named conditions a skip may depend on: an environment or engine check. Made of these (with !, &&, ||, ??,
 * comparisons with a literal, and constants declared from them) and nothing else.
 */
const CONDITIONS = {
  /** process.env.X, process.platform, process.arch: what the machine or the run's settings provide. */
  process: ["env", "platform", "arch"],
  /** Why the ops suite cannot run here (tests/ops/support.ts): no PostgreSQL, no build. */
  calls: ["skipReason"],
  /** Playwright's fixtures that name the browser. */
  fixtures: ["browserName", "isMobile", "channel", "defaultBrowserType", "javaScriptEnabled"],
};
const HOW_TO_SKIP =
  "skip only on an environment or engine check, with its reason: test.skip(!process.env.X, 'needs X'), " +
  "describe.skipIf(skipReason()), describe.runIf(process.env.TEST_DATABASE_URL); allowed: process.env.*, " +
  `process.platform, process.arch, ${CONDITIONS.calls.join(", ")}(), ${CONDITIONS.fixtures.join(", ")}`;

const FIXES: Record<string, string> = {
  fail: "test.fail/it.fails reads a failing test as passing: fix the code or the test, or delete the test",
  fails: "test.fail/it.fails reads a failing test as passing: fix the code or the test, or delete the test",
  fixme: "fixme turns a test off: fix it, or delete it",
  todo: "a todo is a test that never runs: write it, or delete it (an issue keeps the idea)",
  only: "only turns every other test off: remove .only before committing",
  skip: HOW_TO_SKIP,
  skipIf: HOW_TO_SKIP,
  runIf: HOW_TO_SKIP,
  inside:
    "a skip from inside a running test (test.info().skip(), ctx.skip(), testInfo.skip()) turns it off where no " +
    "lint sees the condition: skip at the top of the file or group on an environment or engine check",
  alias: "a runner's switch read as a value (const s = test.skip) hides where it is used: call it where it applies",
  swallowed:
    "an expect in a try whose catch does not rethrow can never fail: move it out of the try, or assert the error " +
    "with expect(() => …).toThrow() / await expect(promise).rejects",
  unreachable: "an expect after an unconditional return or throw never runs: remove the return, or the expect",
  constant:
    "an expect that compares constants passes whatever the code does: assert on what the code returned or the " +
    "page shows",
};

/** Whether `node` is made only of the named conditions. */
function isEnvironmentCheck(node: Node | undefined, parsed: Parsed, names = new Set<string>(), seen = 0): boolean {
  if (!node || seen > 20) return false;
  const again = (inner: unknown) => isEnvironmentCheck(inner as Node, parsed, names, seen + 1);
  const literal = (inner: Node) => inner.type === "Literal" || inner.type === "TemplateLiteral";
  switch (node.type) {
    case "ParenthesizedExpression":
    case "TSNonNullExpression":
    case "TSAsExpression":
      return again(node.expression);
    case "UnaryExpression":
      return node.operator === "!" && again(node.argument);
    case "LogicalExpression":
      return again(node.left) && again(node.right);
    case "BinaryExpression": {
      if (!/^[!=]==?$/.test(node.operator as string)) return false;
      const [left, right] = [node.left as Node, node.right as Node];
      return (again(left) && (literal(right) || again(right))) || (literal(left) && again(right));
    }
    case "MemberExpression": {
      const chain = chainOf(node);
      return chain[0] === "process" && CONDITIONS.process.includes(chain[1]!) && chain.length <= 3;
    }
    case "CallExpression": {
      const chain = chainOf(node.callee as Node);
      if (chain.length === 1 && chain[0] === "Boolean") return again((node.arguments as Node[])[0]);
      return chain.length === 1 && CONDITIONS.calls.includes(chain[0]!);
    }
    case "Identifier": {
      const name = node.name as string;
      if (names.has(name)) return true;
      // A constant declared from a named condition: `const adminUrl = process.env.E2E_DATABASE_URL`.
      const declared = parsed.nodes.find(
        (inner) =>
          inner.type === "VariableDeclarator" &&
          (inner.id as Node).type === "Identifier" &&
          (inner.id as Node).name === name &&
          parsed.parentOf.get(inner)?.kind === "const",
      );
      return declared !== undefined && again(declared.init);
    }
    case "ArrowFunctionExpression":
    case "FunctionExpression": {
      // Playwright's test.skip(({ browserName }) => browserName === "webkit", "why"): its fixtures only.
      const params = (node.params as Node[])[0];
      const fixtures = new Set<string>();
      if (params?.type === "ObjectPattern")
        for (const property of params.properties as Node[]) {
          const key = (property.key as Node | undefined)?.name as string | undefined;
          if (!key || !CONDITIONS.fixtures.includes(key)) return false;
          fixtures.add(key);
        }
      const body = node.body as Node;
      const value =
        body.type === "BlockStatement"
          ? (body.body as Node[]).length === 1 && (body.body as Node[])[0]!.type === "ReturnStatement"
            ? ((body.body as Node[])[0]!.argument as Node)
            : undefined
          : body;
      return isEnvironmentCheck(value, parsed, fixtures, seen + 1);
    }
    default:
      return false;
  }
}

/** Whether a node is a constant: a literal, or an array, object or expression of literals. */
function isConstant(node: Node | undefined): boolean {
  if (!node) return true;
  switch (node.type) {
    case "Literal":
      return true;
    case "TemplateLiteral":
      return (node.expressions as Node[]).length === 0;
    case "Identifier":
      return ["undefined", "NaN", "Infinity"].includes(node.name as string);
    case "UnaryExpression":
      return isConstant(node.argument as Node);
    case "BinaryExpression":
    case "LogicalExpression":
      return isConstant(node.left as Node) && isConstant(node.right as Node);
    case "ArrayExpression":
      return (node.elements as Array<Node | null>).every((element) => element === null || isConstant(element));
    case "ObjectExpression":
      return (node.properties as Node[]).every(
        (property) => property.type === "Property" && !property.computed && isConstant(property.value as Node),
      );
    case "ParenthesizedExpression":
      return isConstant(node.expression as Node);
    default:
      return false;
  }
}

/** The ways one file's tests are switched off, each as `line: code: how to fix it`. */
function findSwitchedOff(text: string, file = "x.test.ts"): string[] {
  const parsed = parse(text, file);
  const { nodes, parentOf } = parsed;
  const found: Array<[Node, string]> = [];
  const refuse = (node: Node, why: string) => found.push([node, why]);

  for (const node of nodes) {
    // skip() taken from a test's context: test("a", ({ skip }) => { skip(); }).
    if (node.type === "CallExpression" && (node.callee as Node).type === "Identifier") {
      if ((node.callee as Node).name === "skip") refuse(node, "inside");
      continue;
    }
    if (node.type !== "MemberExpression") continue;
    const name = propertyName(node);
    if (!name || !(name in FIXES) || ["inside", "alias"].includes(name)) continue;
    const chain = chainOf(node);
    const parent = parentOf.get(node);
    const called = parent?.type === "CallExpression" && parent.callee === node;
    const onRunner = RUNNERS.has(chain[0]!) && !chain.slice(1, -1).includes("()");
    // The skip of test.info, of testInfo, of a Vitest context: from inside a running test.
    if (name === "skip" && !onRunner) {
      if (called || chain.includes("info")) refuse(node, "inside");
      continue;
    }
    if (!onRunner) {
      // The fail or fixme of test.info: the same switches, asked from inside a test.
      if (called && chain.includes("info") && name !== "skipIf" && name !== "runIf") refuse(node, name);
      continue;
    }
    if (!called) {
      // it.skip.each, it.fails.each: the switch itself. A switch held in a constant or passed along: an alias.
      refuse(node, parent?.type === "MemberExpression" ? name : "alias");
      continue;
    }
    const args = (parent.arguments as Node[]) ?? [];
    if (name === "skip") {
      // Playwright's skip with a condition and a reason: the condition a named one. Vitest's skip of a title and
      // a function, a skip of no condition and a skip of a constant are refused.
      const reason = args[1];
      const hasReason =
        reason !== undefined && (reason.type === "Literal" || reason.type === "TemplateLiteral") && args.length === 2;
      if (!(isEnvironmentCheck(args[0], parsed) && hasReason)) refuse(node, name);
    } else if (name === "skipIf" || name === "runIf") {
      if (!isEnvironmentCheck(args[0], parsed)) refuse(node, name);
    } else refuse(node, name);
  }

  // The assertions of each test: none that cannot fail.
  for (const call of nodes) {
    if (call.type !== "CallExpression") continue;
    const chain = chainOf(call.callee as Node);
    if (!TESTS.has(chain[0]!) || !chain.slice(1).every((name) => TEST_MODIFIERS.has(name))) continue;
    const body = (call.arguments as Node[]).at(-1);
    if (!body || !FUNCTION.has(body.type)) continue;
    for (const inner of nodes) {
      if (inner.start < body.start || inner.end > body.end || inner.type !== "CallExpression") continue;
      const callee = inner.callee as Node;
      if (callee.type !== "Identifier" || callee.name !== "expect") continue;
      const why = deadAssertion(inner, body, parsed);
      if (why) refuse(inner, why);
      else {
        // expect(true).toBeTruthy(), expect(1).toBe(1): the subject and what it is compared with are constants.
        const matcher = parentOf.get(inner);
        const matched = matcher ? parentOf.get(matcher) : undefined;
        const matcherArgs = matched?.type === "CallExpression" ? (matched.arguments as Node[]) : [];
        if (isConstant((inner.arguments as Node[])[0]) && matcherArgs.every((arg) => isConstant(arg)))
          refuse(inner, "constant");
      }
    }
  }
  return found.toSorted(([a], [b]) => a.start - b.start).map(([node, why]) => `${parsed.where(node)}: ${FIXES[why]}`);
}

/** Why an expect inside a test's body can never fail, or undefined. */
function deadAssertion(expectCall: Node, body: Node, parsed: Parsed): "swallowed" | "unreachable" | undefined {
  let child = expectCall;
  for (let at = parsed.parentOf.get(expectCall); at && at !== body; child = at, at = parsed.parentOf.get(at)) {
    if (FUNCTION.has(at.type)) continue;
    if (at.type === "TryStatement" && at.block === child && at.handler) {
      const handler = at.handler as Node;
      const rethrows = parsed.nodes.some(
        (inner) => inner.type === "ThrowStatement" && inner.start >= handler.start && inner.end <= handler.end,
      );
      if (!rethrows) return "swallowed";
    }
    if (at.type === "BlockStatement" || at.type === "StaticBlock") {
      const statements = at.body as Node[];
      const index = statements.indexOf(child);
      if (statements.slice(0, index).some((s) => s.type === "ReturnStatement" || s.type === "ThrowStatement"))
        return "unreachable";
    }
  }
  // A test with an expression body: the arrow is the test.
  const block = body.body as Node;
  if (block.type === "BlockStatement") {
    const statements = block.body as Node[];
    const index = statements.indexOf(child);
    if (statements.slice(0, index).some((s) => s.type === "ReturnStatement" || s.type === "ThrowStatement"))
      return "unreachable";
  }
  return undefined;
}

// Probes: each way, in a Vitest file and in a Playwright spec (both runners share the syntax, the rules are one).
const spec = (code: string) => findSwitchedOff(code, "tests/e2e/probe.spec.ts");
const vitest = (code: string) => findSwitchedOff(code, "app/probe.test.ts");
const reasons = (found: string[]) => found.map((hit) => hit.replace(/^\d+: .*?: (?=[a-z])/, "").slice(0, 30));
const assertion = "await expect(page).toHaveTitle(title);";

describe("the switched-off lint", () => {
  it("refuses test.fail and it.fails, in a spec, a Vitest file and from inside a test", () => {
    expect(spec(`test.fail("a", async ({ page }) => { ${assertion} });`)).toHaveLength(1);
    expect(spec(`test("a", async ({ page }) => { test.fail(); ${assertion} });`)).toHaveLength(1);
    expect(spec(`test("a", async ({ page }) => { test.info().fail(); ${assertion} });`)).toHaveLength(1);
    expect(vitest(`it.fails("a", () => { expect(sum(1)).toBe(2); });`)).toHaveLength(1);
    expect(vitest(`test.fails("a", () => { expect(sum(1)).toBe(2); });`)).toHaveLength(1);
    expect(vitest(`describe.todo("later");\nit.todo("later");`)).toHaveLength(2);
    expect(vitest(`it.only("a", () => { expect(sum(1)).toBe(2); });`)).toHaveLength(1);
    expect(vitest(`it.fails("a", () => {});`)[0]).toMatch(/^1: it\.fails: test\.fail\/it\.fails reads a failing test/);
  });

  it("refuses skips whose condition is not an environment or engine check", () => {
    expect(spec(`test.skip(true, "later");`)).toHaveLength(1);
    expect(spec(`test.skip(1 > 0, "later");`)).toHaveLength(1);
    expect(spec(`test.skip(!page, "later");`)).toHaveLength(1);
    expect(spec(`test.skip();`)).toHaveLength(1);
    expect(spec(`test.skip(!process.env.X);`)).toHaveLength(1); // no reason
    expect(spec(`test.skip("a", async ({ page }) => { ${assertion} });`)).toHaveLength(1);
    expect(spec(`test.describe.skip("a", () => {});`)).toHaveLength(1);
    expect(spec(`let later = true;\ntest.skip(later, "later");`)).toHaveLength(1);
    expect(vitest(`it.skip("a", () => { expect(sum(1)).toBe(2); });`)).toHaveLength(1);
    expect(vitest(`describe.skip("a", () => {});`)).toHaveLength(1);
    expect(vitest(`it.concurrent.skip("a", () => {});`)).toHaveLength(1);
    expect(vitest(`const later = it.skip;\nlater("a", () => {});`)).toHaveLength(1);
    expect(vitest(`it.skip.each([1])("a %i", (n) => { expect(sum(n)).toBe(2); });`)).toHaveLength(1);
    expect(spec(`test.skip(!page, "x")`)[0]).toContain("skip only on an environment or engine check");
  });

  it("refuses info().skip(), ctx.skip() and a skip taken from the test's context", () => {
    expect(spec(`test("a", async ({ page }) => { test.info().skip(); ${assertion} });`)).toHaveLength(1);
    expect(spec(`test("a", async ({ page }, testInfo) => { testInfo.skip(); ${assertion} });`)).toHaveLength(1);
    expect(vitest(`it("a", (ctx) => { ctx.skip(); expect(sum(1)).toBe(2); });`)).toHaveLength(1);
    expect(vitest(`it("a", (context) => { context.skip(!process.env.X); });`)).toHaveLength(1);
    expect(vitest(`it("a", ({ skip }) => { skip(); expect(sum(1)).toBe(2); });`)).toHaveLength(1);
  });

  it("refuses skipIf and runIf on constants or anything but a named condition", () => {
    expect(vitest(`it.skipIf(true)("a", () => { expect(sum(1)).toBe(2); });`)).toHaveLength(1);
    expect(vitest(`describe.runIf(false)("a", () => {});`)).toHaveLength(1);
    expect(vitest(`describe.skipIf(1)("a", () => {});`)).toHaveLength(1);
    expect(vitest(`const off = true;\ndescribe.skipIf(off)("a", () => {});`)).toHaveLength(1);
    expect(vitest(`describe.skipIf(isSlow())("a", () => {});`)).toHaveLength(1);
  });

  it("allows skips on an environment or engine check, named or held in a constant", () => {
    expect(spec(`test.skip(!process.env.X, "needs X");`)).toEqual([]);
    expect(spec(`const adminUrl = process.env.E2E_DATABASE_URL;\ntest.skip(!adminUrl, "needs it");`)).toEqual([]);
    expect(spec(`test.skip(({ browserName }) => browserName !== "chromium", "Chromium only");`)).toEqual([]);
    expect(spec(`test.skip(process.platform === "win32", "POSIX signals");`)).toEqual([]);
    expect(vitest(`describe.skipIf(!process.env.TEST_DATABASE_URL)("a", () => {});`)).toEqual([]);
    expect(vitest(`const reason = skipReason();\ndescribe.skipIf(reason)("a", () => {});`)).toEqual([]);
    expect(vitest(`describe.runIf(process.env["TEST_DATABASE_URL"])("a", () => {});`)).toEqual([]);
  });

  it("refuses an expect only inside try/catch, or after an unconditional return", () => {
    expect(spec(`test("a", async ({ page }) => { try { ${assertion} } catch {} });`)).toHaveLength(1);
    expect(vitest(`it("a", async () => { try { expect(await f()).toBe(2); } catch (e) { log(e); } });`)).toHaveLength(
      1,
    );
    expect(spec(`test("a", async ({ page }) => { await page.goto("/"); return; ${assertion} });`)).toHaveLength(1);
    expect(vitest(`it("a", () => { if (x) { return; throw y; expect(f()).toBe(1); } });`)).toHaveLength(1);
    expect(vitest(`it("a", () => { return; expect(f()).toBe(1); });`)[0]).toContain("never runs");
    // A catch that rethrows, a try with only a finally, an expect in the catch and a return on a condition are fine.
    expect(
      vitest(`it("a", () => { try { expect(f()).toBe(1); } catch (e) { throw new Error("x", { cause: e }); } });`),
    ).toEqual([]);
    expect(vitest(`it("a", () => { try { expect(f()).toBe(1); } finally { done(); } });`)).toEqual([]);
    expect(vitest(`it("a", () => { try { f(); } catch (e) { expect(e).toBeInstanceOf(Error); } });`)).toEqual([]);
    expect(vitest(`it("a", () => { if (!x) return; expect(f()).toBe(1); });`)).toEqual([]);
  });

  it("refuses an expect that compares constants", () => {
    expect(spec(`test("a", async ({ page }) => { await page.goto("/"); expect(true).toBeTruthy(); });`)).toHaveLength(
      1,
    );
    expect(vitest(`it("a", () => { expect(1).toBe(1); });`)).toHaveLength(1);
    expect(vitest(`it("a", () => { expect("a" + "b").toEqual("ab"); });`)).toHaveLength(1);
    expect(vitest(`it("a", () => { expect([1, 2]).toHaveLength(2); });`)).toHaveLength(1);
    expect(vitest(`it("a", () => { expect(sum(1)).toBe(2); expect(null).toBeNull(); });`)).toHaveLength(1);
    expect(reasons(vitest(`it("a", () => { expect(1).toBe(1); });`))).toEqual(["an expect that compares consta"]);
    // What the code returns, compared with a constant, is an assertion.
    expect(vitest(`it("a", () => { expect(sum(1)).toBe(2); expect(page).toBeTruthy(); });`)).toEqual([]);
  });

  it("finds nothing switched off in the suite", () => {
    const files = testCode();
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      findSwitchedOff(readFileSync(path.join(root, file), "utf8"), file).map((hit) => `${file}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});

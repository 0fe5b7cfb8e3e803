import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";

// One place builds a request's router context (docs/architecture.md, "A request's path"): `createRequestContext` in
// app/db/context.ts, used by the server per request and per cached render and by the tests' database. Anywhere else,
// a `new RouterContextProvider()` or a `.set(requestInfoContext, …)` is a second builder that can drift from it (the
// server, the test database and a dozen tests each built their own).
const root = path.resolve(import.meta.dirname, "../..");
const THE_PLACE = "app/db/context.ts";

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

function* nodesIn(node: Node): Generator<Node> {
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      yield child;
      yield* nodesIn(child);
    }
  }
}

const nameOf = (node: unknown) => (isNode(node) ? (node.name as string | undefined) : undefined);

/** The places a module builds a router context itself, as code (a name in a comment or a string is none). */
function buildersIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const node of nodesIn(parseSync(file, text).program as unknown as Node)) {
    if (node.type === "NewExpression" && nameOf(node.callee) === "RouterContextProvider") {
      found.push("new RouterContextProvider()");
    }
    const callee = node.callee as Node | undefined;
    if (
      node.type === "CallExpression" &&
      callee?.type === "MemberExpression" &&
      nameOf(callee.property) === "set" &&
      nameOf((node.arguments as Node[])[0]) === "requestInfoContext"
    ) {
      found.push(".set(requestInfoContext, …)");
    }
  }
  return found;
}

// Not the lints' probe files (tests/lint/browser-specs.test.ts, file-size.test.ts...), which other test files write
// into the tree (tests/e2e, app/, server/) and remove again while this one may be reading the folder.
const sources = ["app", "server", "tests", "scripts", "bench"].flatMap((folder) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx|mts|mjs)$/.test(name) && !name.includes("node_modules"))
    .map((name) => `${folder}/${name.split(path.sep).join("/")}`)
    .filter((file) => !path.basename(file).startsWith("lint-probe-")),
);

describe("one place builds the request context", () => {
  it(`only ${THE_PLACE} makes a router context or sets a request's facts`, () => {
    const elsewhere = sources
      .filter((file) => file !== THE_PLACE)
      .flatMap((file) => buildersIn(file, readFileSync(path.join(root, file), "utf8")).map((how) => `${file}: ${how}`));
    expect(elsewhere).toEqual([]);
    expect(buildersIn(THE_PLACE, readFileSync(path.join(root, THE_PLACE), "utf8"))).toEqual([
      "new RouterContextProvider()",
      ".set(requestInfoContext, …)",
    ]);
  });

  it("finds a builder written as code, not one named in a comment or a string", () => {
    expect(
      buildersIn(
        "tests/integration/x.test.ts",
        `const context = new RouterContextProvider();
        context.set(databaseContext, db);
        context.set(requestInfoContext, { requestId: "test", nonce: "", clientAddress: "192.0.2.1" });`,
      ),
    ).toEqual(["new RouterContextProvider()", ".set(requestInfoContext, …)"]);
    expect(
      buildersIn(
        "tests/integration/x.test.ts",
        `// new RouterContextProvider(); context.set(requestInfoContext, info)
        const context = database.context({ clientAddress: "192.0.2.1" });
        log("context.set(requestInfoContext, info)");`,
      ),
    ).toEqual([]);
  });
});

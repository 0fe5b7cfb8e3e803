import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";
import { resolverFor } from "../../scripts/check-layers.mjs";

// One guard convention (docs/architecture.md, "Guards"): routes guard; features receive the actor. Every loader and
// action of a staff route module (app/routes/admin/: the pages under /admin, /orders and /contact-submissions, and
// their downloads) awaits a guard in its own body before anything else it does (a return, a feature call, a database
// read, any other await) and before handing the actor to a feature; no feature calls one.
// Both rules read the modules as code (oxc-parser's syntax tree, imports resolved as the build resolves them): a
// guard's name in a comment or a string is not a call, and every spelling of the guards' module is the same module.
const root = path.resolve(import.meta.dirname, "../..");
const resolve = resolverFor(root);
const GUARDS_MODULE = "app/features/accounts/guards.server.ts";
const GUARDS = new Set(["requireUser", "requireAdmin"]);
const HANDLERS = new Set(["loader", "action"]);
// A public page's draft preview (decision 0039) asks its own guard, which asks what requireUser asks.
const PREVIEW_MODULE = "app/features/site-editor/preview.server.ts";
const PREVIEW_GUARD = new Set(["requirePreviewer"]);
// Pure helpers a handler may call before its guard, to work out the guard's own arguments (no database, no feature).
const BEFORE_GUARD_MODULES = new Set(["app/core/page-url.ts"]);

// oxc-parser's ESTree nodes, as far as these rules read them.
type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";
const FUNCTION = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
const nameOf = (node: unknown) =>
  isNode(node) ? ((node.name as string | undefined) ?? (node.value as string | undefined)) : undefined;

/** Every node under `node`, without entering nested functions when `ownBodyOnly`. */
function* nodesIn(node: Node, ownBodyOnly = false): Generator<Node> {
  for (const [key, value] of Object.entries(node)) {
    if (key === "parent") continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      yield child;
      if (ownBodyOnly && FUNCTION.has(child.type)) continue;
      yield* nodesIn(child, ownBodyOnly);
    }
  }
}

type Binding = { source: string; imported: string; typeOnly: boolean };

/** What each name a module imports stands for: its module resolved to a path from the root, and the export. */
function importsOf(file: string, program: Node): Map<string, Binding> {
  const bindings = new Map<string, Binding>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== "ImportDeclaration") continue;
    const source = resolve(file, nameOf(statement.source)!) ?? nameOf(statement.source)!;
    for (const specifier of statement.specifiers as Node[]) {
      bindings.set(nameOf(specifier.local)!, {
        source,
        imported:
          specifier.type === "ImportSpecifier"
            ? nameOf(specifier.imported)!
            : specifier.type === "ImportDefaultSpecifier"
              ? "default"
              : "*",
        typeOnly: statement.importKind === "type" || specifier.importKind === "type",
      });
    }
  }
  return bindings;
}

type Handler = { file: string; name: string; guarded: boolean; why?: string };

/**
 * The exported loader and action of a route module, and whether each calls a guard (imported from the guards'
 * module) in a statement of its own body: not in a comment, a string, a nested function or a branch. A handler
 * re-exported from another module (`export { loader } from`, `export *`) is not guarded here.
 */
function handlersOf(file: string, text: string, guardNames: ReadonlySet<string> = GUARDS): Handler[] {
  const program = parseSync(file, text).program as unknown as Node;
  const imports = importsOf(file, program);
  const guards = new Set(
    [...imports].filter(([, b]) => b.source === GUARDS_MODULE && guardNames.has(b.imported)).map(([local]) => local),
  );
  // Top-level functions and constants by name, for `export { loader }` and `export { x as loader }`.
  const declared = new Map<string, Node>();
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
    if (declaration?.type === "FunctionDeclaration") declared.set(nameOf(declaration.id)!, declaration);
    if (declaration?.type === "VariableDeclaration") {
      for (const item of declaration.declarations as Node[]) {
        if (nameOf(item.id)) declared.set(nameOf(item.id)!, (item.init as Node | null) ?? item);
      }
    }
  }
  // The module's own names: a call of one of them (or of an import) may read the database or run a feature.
  const ownNames = new Set([
    ...[...imports].filter(([, b]) => !BEFORE_GUARD_MODULES.has(b.source)).map(([local]) => local),
    ...declared.keys(),
  ]);
  /**
   * Why a handler is not guarded first, or null: in the order its statements run, an awaited guard comes before
   * any return, any call of the module's own functions or of an import (a feature, getDb, a read) and any await.
   * Built-ins (new URL, Number) and the request's own methods may come first.
   */
  const unguarded = (node: Node | undefined): string | null => {
    if (!node || !FUNCTION.has(node.type)) return "not a function here";
    const body = node.body as Node;
    // An arrow with an expression body: that expression is its one statement.
    const statements = body.type === "BlockStatement" ? (body.body as Node[]) : [body];
    for (const statement of statements) {
      const inner = [statement, ...nodesIn(statement, true)];
      const calls = inner.filter(
        (call) =>
          call.type === "CallExpression" && guards.has(nameOf(call.callee) ?? "") && !branchesBetween(statement, call),
      );
      // In this statement itself (not under one of its branches or loops), and awaited.
      const guard = calls.find((call) => awaitedCall(statement, call));
      if (calls.length > 0 && !guard) return "its guard is not awaited";
      const before = (early: Node) =>
        early.start < (guard?.start ?? Infinity) && !(guard && early.start <= guard.start && early.end >= guard.end);
      const early = inner.filter(before);
      if (early.some((at) => at.type === "ReturnStatement")) return "returns before its guard";
      for (const call of early) {
        if (call.type !== "CallExpression" || calls.includes(call)) continue;
        const root = rootName(call.callee as Node);
        if (root !== undefined && ownNames.has(root)) return `calls ${root} before its guard`;
      }
      if (early.some((at) => at.type === "AwaitExpression" && !calls.includes(at.argument as Node)))
        return "awaits before its guard";
      if (guard) return null;
    }
    return "calls no guard in its own body";
  };
  const guarded = (node: Node | undefined) => {
    const why = unguarded(node);
    return why === null ? { guarded: true } : { guarded: false, why };
  };
  const handlers: Handler[] = [];
  for (const statement of program.body as Node[]) {
    if (statement.type === "ExportAllDeclaration") {
      handlers.push({ file, name: "export *", guarded: false, why: "re-exported" });
    }
    if (statement.type !== "ExportNamedDeclaration") continue;
    const declaration = statement.declaration as Node | null;
    if (declaration) {
      const names =
        declaration.type === "FunctionDeclaration"
          ? [nameOf(declaration.id)]
          : declaration.type === "VariableDeclaration"
            ? (declaration.declarations as Node[]).map((item) => nameOf(item.id))
            : [];
      for (const name of names) {
        if (name && HANDLERS.has(name)) handlers.push({ file, name, ...guarded(declared.get(name)) });
      }
      continue;
    }
    for (const specifier of statement.specifiers as Node[]) {
      const name = nameOf(specifier.exported)!;
      if (!HANDLERS.has(name)) continue;
      // From another module: its body cannot be seen here.
      const local = statement.source ? undefined : declared.get(nameOf(specifier.local)!);
      handlers.push({
        file,
        name,
        ...(local ? guarded(local) : { guarded: false, why: "its body is in another module" }),
      });
    }
  }
  return handlers;
}

/** The identifier a callee starts from: getDb(…) → getDb, db.select().from(…) → db. */
function rootName(callee: Node): string | undefined {
  let at = callee;
  while (at.type === "MemberExpression" || at.type === "CallExpression" || at.type === "ParenthesizedExpression")
    at = (at.object ?? at.callee ?? at.expression) as Node;
  return at.type === "Identifier" ? (at.name as string) : undefined;
}

/** Whether a guard call is awaited where it is: `await requireAdmin(…)`, `(await requireUser(…)).id`. */
function awaitedCall(statement: Node, call: Node): boolean {
  return [statement, ...nodesIn(statement, true)].some(
    (node) =>
      node.type === "AwaitExpression" &&
      (node.argument === call ||
        ((node.argument as Node).type === "ParenthesizedExpression" && (node.argument as Node).expression === call)),
  );
}

const BRANCHING = new Set([
  "IfStatement",
  "ConditionalExpression",
  "LogicalExpression",
  "SwitchStatement",
  "ForStatement",
  "ForInStatement",
  "ForOfStatement",
  "WhileStatement",
  "DoWhileStatement",
  "TryStatement",
  "ChainExpression",
]);

/** Whether `inner` sits under a branch, loop or try inside `statement` (so it may not run). */
function branchesBetween(statement: Node, inner: Node): boolean {
  const trail = (node: Node, path: Node[]): Node[] | null => {
    if (node === inner) return path;
    for (const [key, value] of Object.entries(node)) {
      if (key === "parent") continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (!isNode(child) || child.start > inner.start || child.end < inner.end) continue;
        const found = trail(child, [...path, node]);
        if (found) return found;
      }
    }
    return null;
  };
  return (trail(statement, []) ?? []).some((node) => BRANCHING.has(node.type));
}

/** The guards a feature module reaches: every function the guards' module exports, by any spelling of its path. */
function guardFunctions(): Set<string> {
  const program = parseSync(GUARDS_MODULE, read(GUARDS_MODULE)).program as unknown as Node;
  const names = new Set<string>();
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : null;
    if (declaration?.type === "FunctionDeclaration") names.add(nameOf(declaration.id)!);
    if (declaration?.type === "VariableDeclaration") {
      for (const item of declaration.declarations as Node[]) {
        if (isNode(item.init) && FUNCTION.has(item.init.type)) names.add(nameOf(item.id)!);
      }
    }
  }
  return names;
}

/**
 * Why a feature module reaches a guard, or null: it imports a function of the guards' module as a value (a type
 * such as `SessionUser`, or a constant, is fine), imports the whole module, re-exports from it, or imports it at
 * run time.
 */
function guardUse(file: string, text: string, guardNames: Set<string>): string | null {
  const program = parseSync(file, text).program as unknown as Node;
  const atGuards = (specifier: unknown) => {
    const name = nameOf(specifier);
    return name !== undefined && resolve(file, name) === GUARDS_MODULE;
  };
  for (const [local, binding] of importsOf(file, program)) {
    if (binding.source !== GUARDS_MODULE || binding.typeOnly) continue;
    if (binding.imported === "*" || binding.imported === "default") return `imports the guards' module as ${local}`;
    if (guardNames.has(binding.imported)) return `imports ${binding.imported}`;
  }
  for (const node of nodesIn(program)) {
    if ((node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") && atGuards(node.source)) {
      if (node.exportKind !== "type") return "re-exports the guards' module";
    }
    if (node.type === "ImportExpression" && atGuards(node.source)) return "imports the guards' module at run time";
  }
  return null;
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const sourcesUnder = (folder: string) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => `${folder}/${name.split(path.sep).join("/")}`);

describe("routes guard; features receive the actor", () => {
  it("every loader and action of a staff route calls a guard in its own body", () => {
    const handlers = sourcesUnder("app/routes/admin").flatMap((file) => handlersOf(file, read(file)));
    expect(handlers.length).toBeGreaterThan(20);
    // Each says how to fix it.
    const fix =
      "make `await requireAdmin(request, context)` (or requireUser) the handler's first step, before any return, " +
      "feature call, getDb or other await (docs/architecture.md, Guards)";
    expect(
      handlers.filter((handler) => !handler.guarded).map(({ file, name, why }) => `${file} ${name}: ${why}: ${fix}`),
    ).toEqual([]);
  });

  it("every route that shows a draft asks the preview guard in its loader's own body", () => {
    const previewing = sourcesUnder("app/routes").filter((file) =>
      [...importsOf(file, parseSync(file, read(file)).program as unknown as Node).values()].some(
        (binding) => binding.source === PREVIEW_MODULE && binding.imported === "previewDraft",
      ),
    );
    expect(previewing.length).toBeGreaterThanOrEqual(8);
    const loaders = previewing.flatMap((file) =>
      handlersOf(file, read(file), PREVIEW_GUARD).filter((handler) => handler.name === "loader"),
    );
    expect(loaders.filter((handler) => !handler.guarded).map(({ file }) => file)).toEqual([]);
    expect(loaders).toHaveLength(previewing.length);
  });

  it("no feature outside accounts calls a guard (a type of the actor is fine)", () => {
    const guardNames = guardFunctions();
    expect([...guardNames]).toEqual(expect.arrayContaining(["requireUser", "requireAdmin", "getSessionUser"]));
    const reaching = sourcesUnder("app/features")
      .filter((file) => !file.startsWith("app/features/accounts/"))
      .map((file) => [file, guardUse(file, read(file), guardNames)])
      .filter(([, why]) => why !== null);
    expect(reaching).toEqual([]);
  });
});

// The rules' own cases, each written as a route or feature module at its real place in the tree.
const IMPORT_GUARDS = 'import { requireAdmin, requireUser } from "~/features/accounts/guards.server";\n';
const route = (body: string) => handlersOf("app/routes/admin/x.tsx", IMPORT_GUARDS + body);
const guardedOf = (body: string) => route(body).map(({ name, guarded }) => [name, guarded]);

describe("the guard rule for staff routes", () => {
  it("passes a handler that calls an imported guard first, in any form of function", () => {
    expect(
      guardedOf(`export async function loader({ request, context }) {
        const user = await requireUser(request, context);
        return listThings(getDb(context), user);
      }
      export const action = async ({ request, context }) => thingsAction(await requireAdmin(request, context));`),
    ).toEqual([
      ["loader", true],
      ["action", true],
    ]);
    // Declared first, exported by name (or under another name).
    expect(
      guardedOf(`async function load({ request, context }) { await requireUser(request, context); return 1; }
      const act = async function ({ request, context }) { await requireAdmin(request, context); };
      export { load as loader, act as action };`),
    ).toEqual([
      ["loader", true],
      ["action", true],
    ]);
    // The guard imported under another name is still the guard.
    expect(
      handlersOf(
        "app/routes/admin/x.tsx",
        `import { requireAdmin as mustBeAdmin } from "../../features/accounts/guards.server";
        export async function loader({ request, context }) { await mustBeAdmin(request, context); }`,
      ),
    ).toEqual([{ file: "app/routes/admin/x.tsx", name: "loader", guarded: true }]);
  });

  it("refuses a handler that hands its request to a feature", () => {
    expect(
      guardedOf(`export const loader = ({ request, context }) => thingsLoader(request, context);
      export async function action(args) { return thingsAction(args.request, args.context); }`),
    ).toEqual([
      ["loader", false],
      ["action", false],
    ]);
  });

  it("refuses a guard that is only a comment or a string (the old rule read the text)", () => {
    expect(
      guardedOf(`export async function loader({ request, context }) {
        // requireUser(request, context) is done by the feature
        return thingsLoader(request, context);
      }
      export async function action({ request, context }) {
        log("requireAdmin(request, context)");
        /* requireAdmin(request, context) */
        return thingsAction(request, context);
      }`),
    ).toEqual([
      ["loader", false],
      ["action", false],
    ]);
  });

  it("refuses a handler re-exported from another module (the old rule skipped it)", () => {
    expect(guardedOf(`export { loader } from "~/features/things/things.server";`)).toEqual([["loader", false]]);
    expect(guardedOf(`export { thingsAction as action } from "./things";`)).toEqual([["action", false]]);
    expect(guardedOf(`export * from "./things";`)).toEqual([["export *", false]]);
    // Imported, then exported by name: its body is elsewhere too.
    expect(guardedOf(`import { loader } from "./things";\nexport { loader };`)).toEqual([["loader", false]]);
  });

  it("refuses a guard that may not run or is not the guard: in a nested function, a branch, or a local look-alike", () => {
    expect(
      guardedOf(`export async function loader({ request, context }) {
        const check = () => requireUser(request, context);
        return thingsLoader(request, context);
      }
      export async function action({ request, context }) {
        if (request.method === "DELETE") await requireAdmin(request, context);
        return thingsAction(request, context);
      }`),
    ).toEqual([
      ["loader", false],
      ["action", false],
    ]);
    expect(
      handlersOf(
        "app/routes/admin/x.tsx",
        `const requireUser = async () => {};
        export async function loader({ request, context }) { await requireUser(request, context); }`,
      ),
    ).toEqual([
      { file: "app/routes/admin/x.tsx", name: "loader", guarded: false, why: "calls requireUser before its guard" },
    ]);
  });
});

describe("the guard rule reads the order things run in", () => {
  const FEATURES =
    'import { getDb } from "~/db/context";\nimport { listThings, thingsAction, thingsCsv } from "~/features/things/things.server";\n';
  const whyOf = (body: string) => route(FEATURES + body).map(({ name, why }) => [name, why ?? null]);

  it("refuses a guard that is not awaited", () => {
    expect(
      whyOf(`export async function loader({ request, context }) {
        const user = requireUser(request, context);
        return listThings(getDb(context), user);
      }
      export async function action({ request, context }) {
        void requireAdmin(request, context);
        return thingsAction(getDb(context));
      }`),
    ).toEqual([
      ["loader", "its guard is not awaited"],
      ["action", "its guard is not awaited"],
    ]);
    expect(
      whyOf(`export function loader({ request, context }) { requireUser(request, context); return { ok: true }; }`),
    ).toEqual([["loader", "its guard is not awaited"]]);
  });

  it("refuses a guard after an early return", () => {
    expect(
      whyOf(`export async function loader({ request, context }) {
        if (new URL(request.url).searchParams.has("csv")) return thingsCsv(getDb(context));
        await requireUser(request, context);
        return listThings(getDb(context));
      }
      export async function action({ request, context }) {
        return;
        await requireAdmin(request, context);
      }`),
    ).toEqual([
      ["loader", "returns before its guard"],
      ["action", "returns before its guard"],
    ]);
  });

  it("refuses a guard after a feature call or a database read", () => {
    expect(
      whyOf(`export async function loader({ request, context }) {
        const things = await listThings(getDb(context));
        await requireUser(request, context);
        return things;
      }
      export async function action({ request, context }) {
        const db = getDb(context);
        await requireAdmin(request, context);
        return thingsAction(db);
      }`),
    ).toEqual([
      ["loader", "calls listThings before its guard"],
      ["action", "calls getDb before its guard"],
    ]);
    // A module's own helper may read the database too; awaiting anything of its own comes after the guard.
    expect(
      whyOf(`const load = (context) => getDb(context).query.things.findMany();
      export async function loader({ request, context }) { const all = await load(context); await requireUser(request, context); return all; }
      export async function action({ request, context }) { await request.formData(); await requireAdmin(request, context); }`),
    ).toEqual([
      ["loader", "calls load before its guard"],
      ["action", "awaits before its guard"],
    ]);
  });

  it("passes built-ins and a pure helper that work out the guard's arguments first", () => {
    expect(
      handlersOf(
        "app/routes/admin/x.tsx",
        `${IMPORT_GUARDS}import { pageUrl } from "~/core/page-url";
        export async function loader({ request, context }) {
          const onProfile = pageUrl(request).pathname === "/admin/profile";
          const page = Number(new URL(request.url).searchParams.get("page"));
          const user = await requireUser(request, context, onProfile ? { failure: "x" } : {});
          return listThings(getDb(context), user, page);
        }`,
      ),
    ).toEqual([{ file: "app/routes/admin/x.tsx", name: "loader", guarded: true }]);
  });
});

describe("the guard rule for features", () => {
  const names = new Set(["requireUser", "requireAdmin", "getSessionUser", "requirePreviewer"]);
  const feature = (text: string) => guardUse("app/features/things/things.server.ts", text, names);

  it("refuses a guard by every spelling of the module's path (the old rule knew one)", () => {
    for (const spelling of [
      "~/features/accounts/guards.server",
      "../accounts/guards.server",
      "../../features/accounts/guards.server",
      "~/features/accounts/guards.server.ts",
    ]) {
      expect(
        feature(`import { requireAdmin } from "${spelling}";\nexport const f = (r, c) => requireAdmin(r, c);`),
      ).toBe("imports requireAdmin");
    }
  });

  it("refuses the session lookup too, a namespace, a re-export and a run-time import", () => {
    expect(feature(`import { getSessionUser } from "~/features/accounts/guards.server";`)).toBe(
      "imports getSessionUser",
    );
    expect(feature(`import * as guards from "../accounts/guards.server";`)).toBe(
      "imports the guards' module as guards",
    );
    expect(feature(`export { requireUser } from "../accounts/guards.server";`)).toBe("re-exports the guards' module");
    expect(feature(`export const f = async () => (await import("../accounts/guards.server")).requireUser;`)).toBe(
      "imports the guards' module at run time",
    );
  });

  it("passes the actor's type and the guards' constants", () => {
    expect(
      feature(`import type { SessionUser } from "~/features/accounts/guards.server";
      import { type Role, PREVIEW_PARAM } from "../accounts/guards.server";
      export type { SessionUser as Actor } from "../accounts/guards.server";`),
    ).toBeNull();
  });
});

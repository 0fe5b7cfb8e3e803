import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";

// One guard convention (docs/architecture.md, "Guards"): routes guard; features receive the actor. Every loader and
// action of a staff route module (app/routes/admin/: the pages under /admin, /orders and /contact-submissions, and
// their downloads) calls a guard in its own body before handing the actor to a feature; no feature calls one.
const root = path.resolve(import.meta.dirname, "../..");
const GUARD_CALL = /\brequire(User|Admin)\(/;

type Handler = { file: string; name: string; guarded: boolean };

/** The exported loader and action of a route module, and whether each calls a guard in its own body. */
function handlersOf(file: string, text: string): Handler[] {
  const { program } = parseSync(file, text);
  const handlers: Handler[] = [];
  for (const statement of program.body) {
    if (statement.type !== "ExportNamedDeclaration" || !statement.declaration) continue;
    const declaration = statement.declaration;
    const found =
      declaration.type === "FunctionDeclaration"
        ? [{ name: declaration.id?.name, node: declaration }]
        : declaration.type === "VariableDeclaration"
          ? declaration.declarations.map((item) => ({
              name: item.id.type === "Identifier" ? item.id.name : undefined,
              node: item.init ?? item,
            }))
          : [];
    for (const { name, node } of found) {
      if (name !== "loader" && name !== "action") continue;
      handlers.push({ file, name, guarded: GUARD_CALL.test(text.slice(node.start, node.end)) });
    }
  }
  return handlers;
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const staffRoutes = readdirSync(path.join(root, "app/routes/admin"))
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => `app/routes/admin/${name}`);

describe("routes guard; features receive the actor", () => {
  it("every loader and action of a staff route calls a guard in its own body", () => {
    const handlers = staffRoutes.flatMap((file) => handlersOf(file, read(file)));
    expect(handlers.length).toBeGreaterThan(20);
    expect(handlers.filter((handler) => !handler.guarded).map(({ file, name }) => `${file} ${name}`)).toEqual([]);
  });

  it("tells a guarded handler from one that hands its request to a feature", () => {
    const guarded = `export async function loader({ request, context }) {
      const user = await requireUser(request, context);
      return listThings(getDb(context), user);
    }`;
    const delegated = `export const loader = ({ request, context }) => thingsLoader(request, context);
      export async function action(args) { return thingsAction(args.request, args.context); }`;
    expect(handlersOf("a.ts", guarded)).toEqual([{ file: "a.ts", name: "loader", guarded: true }]);
    expect(handlersOf("b.ts", delegated)).toEqual([
      { file: "b.ts", name: "loader", guarded: false },
      { file: "b.ts", name: "action", guarded: false },
    ]);
  });

  it("no feature outside accounts calls a guard (a type of the actor is fine)", () => {
    const features = readdirSync(path.join(root, "app/features"), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith("accounts/"))
      .map((name) => `app/features/${name}`);
    const calling = features.filter((file) => {
      const text = read(file);
      return /from "~\/features\/accounts\/guards\.server"/.test(text) && GUARD_CALL.test(text);
    });
    expect(calling).toEqual([]);
  });
});

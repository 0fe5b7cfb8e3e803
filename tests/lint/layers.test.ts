import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The layer rules of docs/architecture.md ("Layers") and the feature direction of decision 0009 are the lint
// config's (.oxlintrc.json): no-restricted-imports per folder and import/no-cycle. This runs oxlint with that very
// config on small trees written to a temporary folder laid out like the repository, so a rule that stops firing
// (a glob or a pattern that no longer matches) fails here, not silently.
const root = path.resolve(import.meta.dirname, "../..");
const oxlint = path.join(root, "node_modules/.bin/oxlint");

type Diagnostic = { code: string; filename: string; help?: string; message: string };

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Lints `files` (path -> source) in a fresh tree with the repository's lint config and ~/ alias. */
function lint(files: Record<string, string>): { status: number | null; diagnostics: Diagnostic[] } {
  dir = mkdtempSync(path.join(os.tmpdir(), "citron-lint-"));
  copyFileSync(path.join(root, ".oxlintrc.json"), path.join(dir, ".oxlintrc.json"));
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { paths: { "~/*": ["./app/*"] } } }),
  );
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  const run = spawnSync(oxlint, ["-c", ".oxlintrc.json", "-f", "json", "app", "server"], {
    cwd: dir,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return { status: run.status, diagnostics: report.diagnostics };
}

const errorsIn = (diagnostics: Diagnostic[], file: string) => diagnostics.filter((d) => d.filename === file);

// The modules the fixtures import, so every import resolves.
const targets = {
  "app/features/shop/cart.server.ts": "export const cart = 1;\n",
  "app/features/payments/checkout.server.ts": "export const checkout = 1;\n",
  "app/features/products/catalogue.server.ts": "export const catalogue = 1;\n",
  "app/ui/toast.tsx": "export const toast = 1;\n",
  "app/core/format.ts": "export const format = 1;\n",
};

describe("the lint config enforces the layers", () => {
  it(
    "fails on a wrong-way import, with the rule's message, whether it uses ~/ or a relative path",
    { timeout: 30_000 },
    () => {
      const { status, diagnostics } = lint({
        ...targets,
        "app/core/wrong.ts": 'import { cart } from "~/features/shop/cart.server";\nexport const wrong = cart;\n',
        "app/core/wrong-ui.ts": 'import { toast } from "../ui/toast";\nexport const wrong = toast;\n',
        "app/db/wrong.ts":
          'import type { cart } from "../features/shop/cart.server";\nexport type Wrong = typeof cart;\n',
        "app/features/payments/wrong.ts": 'import { cart } from "../shop/cart.server";\nexport const wrong = cart;\n',
        "app/features/products/wrong.ts":
          'import { checkout } from "~/features/payments/checkout.server";\nexport const wrong = checkout;\n',
        "app/features/tournaments/wrong.ts":
          'import { cart } from "~/features/shop/cart.server";\nexport const wrong = cart;\n',
        "server/wrong.ts": 'import { cart } from "~/features/shop/cart.server";\nexport const wrong = cart;\n',
      });
      expect(status).not.toBe(0);
      const expected: Record<string, RegExp> = {
        "app/core/wrong.ts": /app\/core is the bottom layer/,
        "app/core/wrong-ui.ts": /app\/core is the bottom layer/,
        "app/db/wrong.ts": /app\/ui and app\/db import nothing from app\/features/,
        "app/features/payments/wrong.ts": /Payments imports neither shop, donations nor orders/,
        "app/features/products/wrong.ts": /The catalogue imports none of them/,
        "app/features/tournaments/wrong.ts": /Tournaments imports neither shop, donations nor orders/,
        "server/wrong.ts": /server\/ reaches features only through its composition files/,
      };
      for (const [file, help] of Object.entries(expected)) {
        const errors = errorsIn(diagnostics, file).map((d) => ({ file, code: d.code, help: d.help }));
        expect(errors).toEqual([{ file, code: "eslint(no-restricted-imports)", help: expect.stringMatching(help) }]);
      }
    },
  );

  it("fails on an import cycle", { timeout: 30_000 }, () => {
    const { status, diagnostics } = lint({
      "app/features/shop/a.ts": 'import { b } from "~/features/shop/b";\nexport const a = () => b;\n',
      "app/features/shop/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    expect(status).not.toBe(0);
    expect(diagnostics.map((d) => [d.filename, d.code, d.message]).sort()).toEqual([
      ["app/features/shop/a.ts", "import(no-cycle)", "Dependency cycle detected"],
      ["app/features/shop/b.ts", "import(no-cycle)", "Dependency cycle detected"],
    ]);
  });

  it("passes imports that go the right way, the composition files' and the tests'", { timeout: 30_000 }, () => {
    const { status, diagnostics } = lint({
      ...targets,
      "app/ui/right.ts": 'import { format } from "~/core/format";\nexport const right = format;\n',
      "app/features/shop/right.ts":
        'import { checkout } from "~/features/payments/checkout.server";\nimport { catalogue } from "../products/catalogue.server";\nexport const right = [checkout, catalogue];\n',
      "app/features/payments/right.ts":
        'import { catalogue } from "~/features/products/catalogue.server";\nexport const right = catalogue;\n',
      "app/features/payments/set-up.test.ts":
        'import { cart } from "~/features/shop/cart.server";\nexport const setUp = cart;\n',
      "server/app.ts": 'import { cart } from "~/features/shop/cart.server";\nexport const app = cart;\n',
      "server/workers.ts":
        'import { checkout } from "~/features/payments/checkout.server";\nexport const workers = checkout;\n',
    });
    expect(diagnostics).toEqual([]);
    expect(status).toBe(0);
  });
});

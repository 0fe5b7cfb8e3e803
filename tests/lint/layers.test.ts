// test-class: none (the layer check reads source text; its fixtures name database modules only as strings)
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diagram, findViolations, resolverFor, tableProblems, unitOf } from "../../scripts/check-layers.mjs";
import { features, layers, unchecked } from "../../scripts/layers.mjs";

// The layer table (scripts/layers.mjs) checked on resolved imports (scripts/check-layers.mjs): each wrong-way import
// docs/architecture.md names is written as a small file at its real place in the tree, and the check must refuse it.
const root = path.resolve(import.meta.dirname, "../..");
const resolve = resolverFor(root);
const check = (files: Record<string, string>) => findViolations(new Map(Object.entries(files)), resolve);

describe("the layer check", () => {
  it("refuses each wrong-way import, written with ~/ or a relative path", () => {
    const wrong = {
      // core and db used each other: core's pub/sub used the database, db used core's worker.
      "app/core/wrong-db.ts": 'import { publish } from "~/db/pubsub.server";\n',
      // A feature reached through a relative path passed where the ~/ one was refused.
      "app/features/products/wrong.ts":
        'import { openCheckout } from "../../features/payments/checkout/checkout.server";\n',
      "app/features/payments/wrong.ts": 'import { cartView } from "../shop/cart/cart-view.server";\n',
      // Nothing forbade features -> routes or -> server.
      "app/features/shop/wrong-route.ts": 'import type { loader } from "~/routes/public/fees";\n',
      "app/features/shop/wrong-server.ts": 'import { createApp } from "../../../server/app";\n',
      // A db test reached four features through server/demo-content.ts.
      "app/db/wrong.test.ts": 'import { demoSeeders } from "../../server/demo-content";\n',
      "app/ui/wrong.ts": 'import { logoMark } from "~/features/shell/logo";\n',
      "server/wrong.ts": 'import { cartView } from "~/features/shop/cart/cart-view.server";\n',
      "app/features/events/wrong.ts": 'import { database } from "#tests/support/database";\n',
      // Tournaments is below the shop that sells its entries (decision 0040).
      "app/features/tournaments/wrong.ts": 'import { cartView } from "~/features/shop/cart/cart-view.server";\n',
    };
    const problems = check(wrong);
    // Each wrong file is refused exactly once.
    expect(Object.keys(wrong).map((file) => [file, problems.filter((p) => p.startsWith(`${file}:`)).length])).toEqual(
      Object.keys(wrong).map((file) => [file, 1]),
    );
    expect(problems.find((problem) => problem.startsWith("app/features/products/wrong.ts"))).toMatch(
      /feature products may not use feature payments/,
    );
    expect(problems.find((problem) => problem.startsWith("app/core/wrong-db.ts"))).toMatch(/core may not use db/);
    expect(problems.find((problem) => problem.startsWith("app/features/shop/wrong-route.ts"))).toMatch(
      /features may not use routes/,
    );
  });

  it("refuses a new folder without a row, and a file in no layer", () => {
    const problems = check({
      "app/features/tournaments-x/rules.ts": 'import { format } from "~/core/format";\n',
      "app/helpers/thing.ts": "export const thing = 1;\n",
    });
    expect(problems).toEqual([
      "app/features/tournaments-x/: a feature folder with no row in scripts/layers.mjs (add one)",
      "app/helpers/thing.ts: belongs to no layer (add its folder to scripts/layers.mjs)",
    ]);
  });

  it("passes imports the table lists, feature tests that set up other features, and server tests", () => {
    expect(
      check({
        "app/db/right.ts": 'import { env } from "~/core/env.server";\n',
        "app/ui/right.ts": 'import { formatDollars } from "../core/format";\n',
        "app/features/shop/right.ts":
          'import { openCheckout } from "~/features/payments/checkout/checkout.server";\nimport { reserve } from "../products/holds/stock-reservations.server";\nimport { z } from "zod";\n',
        "app/features/payments/set-up.test.ts":
          'import { cartView } from "~/features/shop/cart/cart-view.server";\nimport { createTestDatabase } from "#tests/support/database";\n',
        "server/wiring.test.ts": 'import { demoSeeders } from "./demo-content";\n',
        "app/routes/admin/right.tsx": 'import { requireAdmin } from "~/features/accounts/guards.server";\n',
      }),
    ).toEqual([]);
  });

  it("places files by the longest claim: a composition file is not the rest of server/", () => {
    const table = { layers, features, unchecked };
    expect(unitOf("server/app.ts", table)).toBe("composition");
    expect(unitOf("server/metrics.ts", table)).toBe("server");
    expect(unitOf("app/features/shop/catalogue/stock.ts", table)).toBe("feature:shop");
    expect(unitOf("tests/support/database.ts", table)).toBe("unchecked");
    expect(unitOf("app/helpers/x.ts", table)).toBeNull();
  });

  it("refuses a table whose features use each other in a ring, or name a feature with no row", () => {
    expect(tableProblems({ features: { a: ["b"], b: ["c"], c: ["a"] } })).toEqual([
      "scripts/layers.mjs: features use each other in a ring: a -> b -> c -> a",
    ]);
    expect(tableProblems({ features: { a: ["ghost"] } })).toEqual([
      "scripts/layers.mjs: a uses ghost, which has no row",
    ]);
    expect(tableProblems()).toEqual([]);
  });

  it("draws docs/architecture.md's diagram from the table", () => {
    const drawn = diagram();
    for (const name of [...layers.map((layer) => layer.name), ...Object.keys(features)]) {
      expect(drawn).toMatch(new RegExp(`^${name} `, "m"));
    }
  });
});

// import/no-cycle stays oxlint's: a cycle between two files of one folder fails the lint config.
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the lint config", () => {
  it("fails on an import cycle", { timeout: 30_000 }, () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "citron-lint-"));
    copyFileSync(path.join(root, ".oxlintrc.json"), path.join(dir, ".oxlintrc.json"));
    // The config loads a JS plugin (eslint-plugin-playwright) from node_modules.
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { paths: { "~/*": ["./app/*"] } } }),
    );
    const files = {
      "app/features/shop/a.ts": 'import { b } from "~/features/shop/b";\nexport const a = () => b;\n',
      "app/features/shop/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    };
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const run = spawnSync(path.join(root, "node_modules/.bin/oxlint"), ["-c", ".oxlintrc.json", "-f", "json", "app"], {
      cwd: dir,
      encoding: "utf8",
    });
    const report = JSON.parse(run.stdout) as { diagnostics: { code: string; filename: string }[] };
    expect(run.status).not.toBe(0);
    expect(report.diagnostics.map((d) => [d.filename, d.code]).sort()).toEqual([
      ["app/features/shop/a.ts", "import(no-cycle)"],
      ["app/features/shop/b.ts", "import(no-cycle)"],
    ]);
  });
});

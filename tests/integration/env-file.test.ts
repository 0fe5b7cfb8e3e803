import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `.env` (a copy of `.env.example`) is read by `npm start`, `npm run dev` and the command-line scripts, through
 * Node's --env-file-if-exists (README, "Configuration"). A variable already set in the environment wins over the
 * file. Test and benchmark harnesses run `node` directly, so a developer's .env never reaches them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;
const FLAG = "--env-file-if-exists=.env";
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe(".env", () => {
  it.each(["start", "dev", "db:migrate", "db:seed", "db:backup", "db:restore", "user:create", "user:reset-2fa"])(
    "npm run %s loads it",
    (name) => {
      expect(scripts[name]).toMatch(new RegExp(`(^|exec )node ${FLAG.replace(/[.]/g, "\\.")} `));
    },
  );

  it("is read by a command-line script, and the environment wins over it", () => {
    // db:migrate's own command line, run in a folder of its own so that the .env read is this test's: `tsx` and
    // the script are named by their full paths, since the folder is not the repository.
    const dir = mkdtempSync(path.join(os.tmpdir(), "citron-env-file-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, ".env"), "# a copy of .env.example, edited\nPORT=not-a-port\nEVENTS_MAX_BYTES=lots\n");
    const args = scripts["db:migrate"]!.split(" ")
      .slice(1)
      .map((arg) => {
        if (arg === "tsx") return pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
        return arg.startsWith("scripts/") ? path.join(root, arg) : arg;
      });
    const { NODE_ENV: _unset, EVENTS_MAX_BYTES: _unset2, ...inherited } = process.env;
    const result = spawnSync(process.execPath, args, {
      cwd: dir,
      env: { ...inherited, PORT: "4000", TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") },
      encoding: "utf8",
      timeout: 60_000,
    });
    // The file's EVENTS_MAX_BYTES reached the settings check, which refused it before touching any database; its
    // PORT did not, since the environment set one.
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("EVENTS_MAX_BYTES");
    expect(result.stderr).not.toContain("PORT");
  }, 90_000);
});

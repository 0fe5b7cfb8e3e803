import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseEnv } from "~/core/env.server";
import { fromRoot } from "~/core/paths.server";

/** compose.yaml's `${NAME:-default}` as Docker Compose reads it with nothing set in the shell. */
function interpolate(value: unknown): string {
  return String(value).replace(/\$\{(\w+):-([^}]*)\}/g, (_match, _name, fallback: string) => fallback);
}

describe("compose.yaml", () => {
  it("gives the site settings a deployment starts with (docker compose up runs as NODE_ENV=production)", () => {
    const compose = parse(readFileSync(fromRoot("compose.yaml"), "utf8")) as { "x-site-env": Record<string, unknown> };
    const site = Object.fromEntries(
      Object.entries(compose["x-site-env"]).map(([key, value]) => [key, interpolate(value)]),
    );
    const env = parseEnv({ ...site, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-compose-")) });
    expect(env).toMatchObject({ DEPLOYED: true, PAYMENTS: "sandbox" });
    expect(env.TAX_ID).not.toBe("00-0000000");
  });
});

import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseEnv } from "~/core/env.server";
import { fromRoot } from "~/core/paths.server";

/**
 * compose.yaml's `${NAME:-default}` and `${NAME:?message}` as Docker Compose reads them with only `given` set in the
 * shell (or .env); a required one missing throws its message, as compose refuses to start.
 */
function interpolate(value: unknown, given: Record<string, string> = {}): string {
  return String(value).replace(/\$\{(\w+):([-?])([^}]*)\}/g, (_match, name: string, kind: string, rest: string) => {
    if (given[name]) return given[name];
    if (kind === "-") return rest;
    throw new Error(`${name}: ${rest}`);
  });
}

const siteEnv = () =>
  (parse(readFileSync(fromRoot("compose.yaml"), "utf8")) as { "x-site-env": Record<string, unknown> })["x-site-env"];

describe("compose.yaml", () => {
  it("gives the site settings a deployment starts with (docker compose up runs as NODE_ENV=production)", () => {
    const given = { SESSION_SECRET: "a1".repeat(32) };
    const site = Object.fromEntries(Object.entries(siteEnv()).map(([key, value]) => [key, interpolate(value, given)]));
    const env = parseEnv({ ...site, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-compose-")) });
    expect(env).toMatchObject({ DEPLOYED: true, PAYMENTS: "sandbox" });
    expect(env.TAX_ID).not.toBe("00-0000000");
  });

  it("ships no secret: compose refuses to start without SESSION_SECRET, /metrics is off unless a token is set", () => {
    expect(() => interpolate(siteEnv().SESSION_SECRET)).toThrow(/SESSION_SECRET: set SESSION_SECRET in \.env/);
    expect(interpolate(siteEnv().METRICS_TOKEN)).toBe("");
  });

  it("the site refuses to start on the secrets compose.yaml used to ship, whatever the mode", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-compose-"));
    expect(() => parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: "compose-local-only-session-secret-0000" })).toThrow(
      /SESSION_SECRET: is a published placeholder, not a secret/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir, METRICS_TOKEN: "compose-local-metrics-token" })).toThrow(
      /METRICS_TOKEN: is a published placeholder/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: "change-me-to-a-long-random-string-please" })).toThrow(
      /SESSION_SECRET: is a published placeholder/,
    );
  });

  it("keeps the instances' port on the proxy's network only, never published", () => {
    type Service = { ports?: unknown[]; networks?: string[]; image?: string };
    const compose = parse(readFileSync(fromRoot("compose.yaml"), "utf8"), { merge: true }) as {
      services: Record<string, Service>;
    };
    const services = compose.services;
    const instances = Object.entries(services).filter(([, service]) => service.image === "citron-site:local");
    expect(instances.map(([name]) => name).sort()).toEqual(["web1", "web2"]);
    for (const [, service] of instances) expect(service.ports ?? []).toEqual([]);
    // Who can reach port 3000: the services sharing a network with the instances' front network.
    const onFront = Object.entries(services)
      .filter(([, service]) => (service.networks ?? ["default"]).includes("front"))
      .map(([name]) => name)
      .sort();
    expect(onFront).toEqual(["proxy", "web1", "web2"]);
    expect(services.proxy!.networks).toEqual(["front"]);
    // Every service names its networks (none falls back to a default network shared with the instances).
    expect(
      Object.entries(services)
        .filter(([, service]) => !service.networks)
        .map(([name]) => name),
    ).toEqual([]);
  });
});

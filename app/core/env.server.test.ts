import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "citron-env-"));

describe("parseEnv", () => {
  it("gives a working embedded default with no settings at all", () => {
    const dataDir = tmp();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_SHORT_NAME).toBe("Citron");
    expect(env.TEST_EMAIL_RECIPIENTS).toHaveLength(3);
    // The generated secret is kept, so a restart keeps sessions.
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(env.SESSION_SECRET);
    expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(env.SESSION_SECRET);
  });

  it.each([
    ["PORT", "eighty", /PORT/],
    ["PORT", "70000", /PORT/],
    ["DATABASE_URL", "mysql://localhost/db", /DATABASE_URL: must be a postgres/],
    ["PR_EMAIL", "not-an-address", /PR_EMAIL/],
    ["CONTACT_NOTIFY_EMAILS", "a@example.org, nope", /CONTACT_NOTIFY_EMAILS/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL/],
    ["SESSION_SECRET", "short", /SESSION_SECRET: must be at least 32/],
    ["PUBLIC_URL", "localhost:3000", /PUBLIC_URL/],
  ])("refuses %s=%s and names the variable", (name, value, message) => {
    expect(() => parseEnv({ DATA_DIR: tmp(), [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: tmp(), [name]: value })).toThrow(message);
  });

  it("requires a shared session secret in production on PostgreSQL", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/citron", DATA_DIR: tmp() }),
    ).toThrow(/SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL/);
    const secret = "x".repeat(40);
    expect(
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/citron", SESSION_SECRET: secret, DATA_DIR: tmp() })
        .SESSION_SECRET,
    ).toBe(secret);
  });

  it("trims a trailing slash from PUBLIC_URL and splits address lists", () => {
    const env = parseEnv({
      DATA_DIR: tmp(),
      PUBLIC_URL: "https://citron.example.org/",
      CONTACT_NOTIFY_EMAILS: " a@example.org ,b@example.org ",
    });
    expect(env.PUBLIC_URL).toBe("https://citron.example.org");
    expect(env.CONTACT_NOTIFY_EMAILS).toEqual(["a@example.org", "b@example.org"]);
  });
});

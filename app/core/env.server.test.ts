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
    ["METRICS_TOKEN", "short", /METRICS_TOKEN: must be at least 16/],
    ["METRICS_TOKEN", "a token with spaces in it", /METRICS_TOKEN: must be printable ASCII/],
  ])("refuses %s=%s and names the variable", (name, value, message) => {
    expect(() => parseEnv({ DATA_DIR: tmp(), [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: tmp(), [name]: value })).toThrow(message);
  });

  it("leaves /metrics off unless METRICS_TOKEN is set (an empty value is unset)", () => {
    expect(parseEnv({ DATA_DIR: tmp() }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ DATA_DIR: tmp(), METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ DATA_DIR: tmp(), METRICS_TOKEN: "k".repeat(16) }).METRICS_TOKEN).toBe("k".repeat(16));
  });

  it("requires a shared session secret in production on PostgreSQL", () => {
    const deployment = { NODE_ENV: "production", PUBLIC_URL: "https://citron.example.org", SMTP_URL: "smtp://mailer:pw@mail.example.org:587" };
    expect(() =>
      parseEnv({ ...deployment, DATABASE_URL: "postgres://db/citron", DATA_DIR: tmp() }),
    ).toThrow(/SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL/);
    const secret = "x".repeat(40);
    expect(
      parseEnv({ ...deployment, DATABASE_URL: "postgres://db/citron", SESSION_SECRET: secret, DATA_DIR: tmp() })
        .SESSION_SECRET,
    ).toBe(secret);
  });

  describe("production (NODE_ENV=production given by the operator)", () => {
    const deployment = { NODE_ENV: "production", PUBLIC_URL: "https://citron.example.org", SMTP_URL: "smtp://mailer:pw@mail.example.org:587" };

    it("starts with an https PUBLIC_URL and SMTP, as a deployment that seeds nothing", () => {
      const env = parseEnv({ ...deployment, DATA_DIR: tmp() });
      expect(env).toMatchObject({ DEPLOYED: true, MAIL_DELIVERY: "smtp", PUBLIC_URL: "https://citron.example.org" });
    });

    it("names every missing setting at once", () => {
      expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(
        /PUBLIC_URL: required when NODE_ENV=production[\s\S]*SMTP_URL: required when NODE_ENV=production/,
      );
    });

    it("refuses an http PUBLIC_URL unless allowed by name", () => {
      const http = { ...deployment, PUBLIC_URL: "http://citron.example.org" };
      expect(() => parseEnv({ ...http, DATA_DIR: tmp() })).toThrow(/PUBLIC_URL: must be https:\/\//);
      expect(parseEnv({ ...http, ALLOW_HTTP_PUBLIC_URL: "true", DATA_DIR: tmp() }).PUBLIC_URL).toBe("http://citron.example.org");
    });

    it("writes mail to files only when asked by name", () => {
      const env = parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://citron.example.org", MAIL_TRANSPORT: "files", DATA_DIR: tmp() });
      expect(env.MAIL_DELIVERY).toBe("files");
      expect(() => parseEnv({ MAIL_TRANSPORT: "smtp", DATA_DIR: tmp() })).toThrow(/SMTP_URL: required when MAIL_TRANSPORT=smtp/);
    });

    it("keeps npm start's local preview (no NODE_ENV given) exactly as on a fresh clone", () => {
      const env = parseEnv({ NODE_ENV: "production", CITRON_LOCAL_PREVIEW: "true", DATA_DIR: tmp() });
      expect(env).toMatchObject({ DEPLOYED: false, MAIL_DELIVERY: "files", PUBLIC_URL: "http://localhost:3000" });
      expect(parseEnv({ DATA_DIR: tmp() }).DEPLOYED).toBe(false);
    });
  });

  it.each([
    ["false", false],
    ["1", 1],
    ["127.0.0.1, 10.0.0.0/8", ["127.0.0.1", "10.0.0.0/8"]],
  ])("reads TRUST_PROXY=%s", (value, expected) => {
    expect(parseEnv({ DATA_DIR: tmp(), TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it("refuses TRUST_PROXY=true, which would trust what the client writes", () => {
    expect(() => parseEnv({ DATA_DIR: tmp(), TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must be a hop count/);
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

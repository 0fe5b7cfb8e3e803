import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "citron-env-"));
/** What a deployment's donation receipts need (decision 0024). */
const receiptIdentity = { TAX_ID: "12-3456789", LEGAL_NAME: "Citron Online District, Inc." };

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
    ["CHECKOUT_SWEEP_LEASE_MS", "10", /CHECKOUT_SWEEP_LEASE_MS/],
  ])("refuses %s=%s and names the variable", (name, value, message) => {
    expect(() => parseEnv({ DATA_DIR: tmp(), [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: tmp(), [name]: value })).toThrow(message);
  });

  it("keeps the background timers' production values unless set (tests set them short)", () => {
    expect(parseEnv({ DATA_DIR: tmp() })).toMatchObject({
      CHECKOUT_SWEEP_INTERVAL_MS: 60_000,
      CHECKOUT_SWEEP_LEASE_MS: 60_000,
      OUTBOX_POLL_MS: 3000,
      OUTBOX_RETRY_MS: 15_000,
      EVENTS_REFRESH_COOLDOWN_MS: 10_000,
    });
    expect(parseEnv({ DATA_DIR: tmp(), OUTBOX_POLL_MS: "200" }).OUTBOX_POLL_MS).toBe(200);
  });

  it("leaves /metrics off unless METRICS_TOKEN is set (an empty value is unset)", () => {
    expect(parseEnv({ DATA_DIR: tmp() }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ DATA_DIR: tmp(), METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ DATA_DIR: tmp(), METRICS_TOKEN: "k".repeat(16) }).METRICS_TOKEN).toBe("k".repeat(16));
  });

  it("requires a shared session secret in production on PostgreSQL", () => {
    const deployment = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://citron.example.org",
      SMTP_URL: "smtp://mailer:pw@mail.example.org:587",
      ...receiptIdentity,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      TRUST_PROXY: "1",
    };
    expect(() => parseEnv({ ...deployment, DATABASE_URL: "postgres://db/citron", DATA_DIR: tmp() })).toThrow(
      /SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL/,
    );
    const secret = "x".repeat(40);
    expect(
      parseEnv({ ...deployment, DATABASE_URL: "postgres://db/citron", SESSION_SECRET: secret, DATA_DIR: tmp() })
        .SESSION_SECRET,
    ).toBe(secret);
  });

  describe("production (NODE_ENV=production given by the operator)", () => {
    const deployment = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://citron.example.org",
      SMTP_URL: "smtp://mailer:pw@mail.example.org:587",
      ...receiptIdentity,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      TRUST_PROXY: "1",
    };

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
      expect(parseEnv({ ...http, ALLOW_HTTP_PUBLIC_URL: "true", DATA_DIR: tmp() }).PUBLIC_URL).toBe(
        "http://citron.example.org",
      );
    });

    it("writes mail to files only when asked by name", () => {
      const env = parseEnv({ ...deployment, SMTP_URL: "", MAIL_TRANSPORT: "files", DATA_DIR: tmp() });
      expect(env.MAIL_DELIVERY).toBe("files");
      expect(() => parseEnv({ MAIL_TRANSPORT: "smtp", DATA_DIR: tmp() })).toThrow(
        /SMTP_URL: required when MAIL_TRANSPORT=smtp/,
      );
    });

    it("refuses to take no money silently: without STRIPE_SECRET_KEY only when the sandbox is chosen by name", () => {
      const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...keyless } = deployment;
      expect(() => parseEnv({ ...keyless, DATA_DIR: tmp() })).toThrow(
        /STRIPE_SECRET_KEY: required when NODE_ENV=production[^\n]*PAYMENTS=sandbox/,
      );
      const staging = parseEnv({ ...keyless, PAYMENTS: "sandbox", DATA_DIR: tmp() });
      expect(staging).toMatchObject({ DEPLOYED: true, PAYMENTS: "sandbox" });
      expect(staging.STRIPE_SECRET_KEY).toBeUndefined();
      expect(() => parseEnv({ ...deployment, PAYMENTS: "sandbox", DATA_DIR: tmp() })).toThrow(
        /PAYMENTS: is sandbox but STRIPE_SECRET_KEY is set/,
      );
      expect(() => parseEnv({ ...keyless, PAYMENTS: "cash", DATA_DIR: tmp() })).toThrow(/PAYMENTS/);
      expect(() => parseEnv({ PAYMENTS: "stripe", DATA_DIR: tmp() })).toThrow(
        /STRIPE_SECRET_KEY: required when PAYMENTS=stripe/,
      );
    });

    it("requires the district's real EIN and legal name for receipts", () => {
      const { TAX_ID: _taxId, LEGAL_NAME: _legalName, ...unnamed } = deployment;
      expect(() => parseEnv({ ...unnamed, DATA_DIR: tmp() })).toThrow(
        /TAX_ID: required when NODE_ENV=production[\s\S]*LEGAL_NAME: required when NODE_ENV=production/,
      );
      expect(() => parseEnv({ ...deployment, TAX_ID: "00-0000000", DATA_DIR: tmp() })).toThrow(/TAX_ID: required/);
      expect(() => parseEnv({ ...deployment, LEGAL_NAME: "", DATA_DIR: tmp() })).toThrow(/LEGAL_NAME: required/);
    });

    it("requires TRUST_PROXY with an https PUBLIC_URL, where an explicit 0 means TLS ends here", () => {
      const { TRUST_PROXY: _set, ...unset } = deployment;
      expect(() => parseEnv({ ...unset, DATA_DIR: tmp() })).toThrow(
        /TRUST_PROXY: required when NODE_ENV=production with an https PUBLIC_URL/,
      );
      expect(() => parseEnv({ ...unset, TRUST_PROXY: "", DATA_DIR: tmp() })).toThrow(/TRUST_PROXY: required/);
      expect(() => parseEnv({ ...unset, TRUST_PROXY: "false", DATA_DIR: tmp() })).toThrow(/TRUST_PROXY: required/);
      expect(parseEnv({ ...unset, TRUST_PROXY: "0", DATA_DIR: tmp() }).TRUST_PROXY).toBe(false);
      expect(parseEnv({ ...unset, TRUST_PROXY: "10.0.0.0/8", DATA_DIR: tmp() }).TRUST_PROXY).toEqual(["10.0.0.0/8"]);
      // Not for the local preview, nor for an http deployment that asked for it by name.
      expect(
        parseEnv({
          NODE_ENV: "production",
          CITRON_LOCAL_PREVIEW: "true",
          PUBLIC_URL: "https://x.example.org",
          DATA_DIR: tmp(),
        }).DEPLOYED,
      ).toBe(false);
      expect(
        parseEnv({ ...unset, PUBLIC_URL: "http://citron.example.org", ALLOW_HTTP_PUBLIC_URL: "true", DATA_DIR: tmp() })
          .TRUST_PROXY,
      ).toBe(false);
    });

    it("keeps npm start's local preview (no NODE_ENV given) exactly as on a fresh clone", () => {
      const env = parseEnv({ NODE_ENV: "production", CITRON_LOCAL_PREVIEW: "true", DATA_DIR: tmp() });
      expect(env).toMatchObject({
        DEPLOYED: false,
        MAIL_DELIVERY: "files",
        PUBLIC_URL: "http://localhost:3000",
        TAX_ID: "00-0000000",
      });
      // The sandbox takes the payments, with no Stripe key and no PAYMENTS setting.
      expect(env.STRIPE_SECRET_KEY).toBeUndefined();
      expect(env.PAYMENTS).toBeUndefined();
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

import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/core/env.server";

const base = { NODE_ENV: "test", DATA_DIR: "/tmp/citron-env-test", SESSION_SECRET: "s".repeat(40) };

describe("email and contact settings", () => {
  it.each(["smtp://mail.example.org:587", "smtps://user:p%40ss@mail.example.org:465", "smtp://localhost:2525"])(
    "accepts SMTP_URL=%s",
    (url) => {
      expect(parseEnv({ ...base, SMTP_URL: url }).SMTP_URL).toBe(url);
    },
  );

  it("treats an empty SMTP_URL as unset (mail goes to files)", () => {
    expect(parseEnv({ ...base, SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it.each(["http://mail.example.org", "mail.example.org:587", "smtp://"])("refuses SMTP_URL=%s, naming it", (url) => {
    expect(() => parseEnv({ ...base, SMTP_URL: url })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, SMTP_URL: url })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it("never repeats the SMTP password in its message", () => {
    expect(() => parseEnv({ ...base, SMTP_URL: "ftp://user:hunter2@mail.example.org" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
    );
  });

  it("reads the contact limit, with defaults of 5 per 60 minutes", () => {
    expect(parseEnv(base)).toMatchObject({ CONTACT_RATE_LIMIT_MAX: 5, CONTACT_RATE_LIMIT_WINDOW_MINUTES: 60 });
    expect(parseEnv({ ...base, CONTACT_RATE_LIMIT_MAX: "20" }).CONTACT_RATE_LIMIT_MAX).toBe(20);
    expect(() => parseEnv({ ...base, CONTACT_RATE_LIMIT_MAX: "0" })).toThrow(/CONTACT_RATE_LIMIT_MAX/);
  });

  it("has a sender address by default", () => {
    expect(parseEnv(base).MAIL_FROM).toBe("Citron Online District <no-reply@example.org>");
  });
});

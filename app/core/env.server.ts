import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The whole configuration of the server, read from the environment once and
 * checked with Zod. `.env.example` documents every variable; keep them in step.
 */
const emailList = z
  .string()
  .transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.email()));

const httpUrl = () => z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), httpUrl().optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  ),

  // The district's identity (SPEC.md's {email} placeholders, DECISIONS.md "Identity").
  SITE_NAME: z.string().min(1).default("Citron Online District"),
  SITE_SHORT_NAME: z.string().min(1).default("Citron"),
  TAX_ID: z.string().min(1).default("00-0000000"),
  PR_EMAIL: z.email().default("press@example.org"),
  CONTACT_EMAIL: z.email().default("info@example.org"),
  CONTACT_NOTIFY_EMAILS: emailList.default(["info@example.org"]),
  PROTECTED_ADMIN_EMAIL: z.email().default("director@example.org"),
  TEST_EMAIL_RECIPIENTS: emailList.default([
    "director@example.org",
    "info@example.org",
    "webmaster@example.org",
  ]),
  SOCIAL_URL: httpUrl().default("https://www.instagram.com/"),
  MEETING_URL: httpUrl().default("https://zoom.us/j/0000000000"),

  // Accounts (app/features/accounts): passwords of the first run's demo admin and demo coach.
  // Unset: random ones are generated and printed once on the console.
  DEMO_ADMIN_PASSWORD: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  DEMO_USER_PASSWORD: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),

  // Events (app/features/events): the published sheet's CSV, cached and read by the server.
  EVENTS_SHEET_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().min(1).default("content/events-sheet.csv"),
  ),
  EVENTS_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(300),
  EVENTS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  EVENTS_MAX_BYTES: z.coerce.number().int().min(1024).default(2_000_000),

  // Email (app/features/email): SMTP when set, otherwise .eml files under DATA_DIR/mail.
  SMTP_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL (smtps://user:pass@host:465)")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default("Citron Online District <no-reply@example.org>"),
  // Contact form abuse limit: at most MAX messages per client address per WINDOW minutes.
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
});

export type Env = z.infer<typeof envSchema> & {
  /** The URL the site is reached at, without a trailing slash. */
  PUBLIC_URL: string;
  /** Absolute path of DATA_DIR. */
  DATA_DIR: string;
  SESSION_SECRET: string;
};

export class EnvError extends Error {}

/** Reads and checks the environment; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`,
    );
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: env.SESSION_SECRET ?? sessionSecretFor(env.NODE_ENV, env.DATABASE_URL, dataDir),
  };
}

/**
 * Without SESSION_SECRET, the embedded default keeps a generated secret in
 * DATA_DIR so sessions survive restarts. On PostgreSQL in production several
 * instances share sessions, so they must share a secret: it is required.
 */
function sessionSecretFor(nodeEnv: string, databaseUrl: string | undefined, dataDir: string): string {
  if (nodeEnv === "production" && databaseUrl) {
    throw new EnvError(
      "Invalid environment configuration:\n  SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL (at least 32 characters, the same on every instance)",
    );
  }
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The process-wide configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For tests: replace the process-wide configuration. */
export function setEnvForTests(next: Env | undefined) {
  cached = next;
}

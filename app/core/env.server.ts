import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "~/core/zod";

/**
 * The whole configuration of the server, read from the environment once and
 * checked with Zod. `.env.example` documents every variable; keep them in step.
 */
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** "true"/"1" or "false"/"0" (default false). */
const flag = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
);

const httpUrl = () => z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), httpUrl().optional());

/** Express's names for address ranges (proxy-addr). */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: "false" (default), a hop count ("1": one load balancer in
 * front), or a comma-separated list of the proxies' addresses or CIDR ranges.
 * Never "true": Express would then take the left-most X-Forwarded-For entry,
 * which the client writes, and every per-address limit could be dodged.
 * Returns the setting, or a sentence saying what is wrong.
 */
export function parseTrustProxy(raw: string): false | number | string[] | string {
  const value = raw.trim().toLowerCase();
  if (value === "false" || value === "0") return false;
  if (value === "true") {
    return 'must be a hop count (e.g. 1 for one load balancer) or the proxies\' addresses, not "true" (which trusts any X-Forwarded-For a client sends)';
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : "a hop count above 10 is surely a mistake";
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !PROXY_RANGES.has(entry) && !isAddressOrRange(entry));
  if (entries.length === 0 || bad.length > 0) {
    return `must be false, a hop count, or a comma-separated list of IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (not understood: ${bad.join(", ") || raw})`;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Set by `npm start` (server.js) when NODE_ENV was not given: the production build as a local
  // preview (demo content, mail to files, http://localhost), as on a fresh clone. A deployment sets
  // NODE_ENV=production itself, and then the production rules of parseEnv apply.
  CITRON_LOCAL_PREVIEW: flag,
  // Production requires an https PUBLIC_URL unless this is true (a site behind a private network, say).
  ALLOW_HTTP_PUBLIC_URL: flag,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  // Server processes `npm start` runs on PostgreSQL (server.js reads it before this check runs;
  // unset: the machine's cores). The embedded database always runs one. Decision 0031.
  WORKERS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
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
    z
      .string()
      .default("false")
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
  ),

  // The district's identity (docs/product.md's {email} placeholders, docs/product.md#identity).
  SITE_NAME: z.string().min(1).default("Citron Online District"),
  SITE_SHORT_NAME: z.string().min(1).default("Citron"),
  TAX_ID: z.string().min(1).default("00-0000000"), // PLACEHOLDER_TAX_ID; required in production
  PR_EMAIL: z.email().default("press@example.org"),
  CONTACT_EMAIL: z.email().default("info@example.org"),
  CONTACT_NOTIFY_EMAILS: emailList.default(["info@example.org"]),
  PROTECTED_ADMIN_EMAIL: z.email().default("director@example.org"),
  TEST_EMAIL_RECIPIENTS: emailList.default(["director@example.org", "info@example.org", "webmaster@example.org"]),
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
  // A Refresh this soon after the last fetch fetches nothing ("Calendar already up to date").
  EVENTS_REFRESH_COOLDOWN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),

  // Public page cache (app/core/page-cache.server.ts): how long an anonymous visitor's page is
  // served as rendered; 0 turns the cache off.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // How many /fees pages filled with a visitor's cart each process keeps, the most recently used
  // (docs/decisions/0036-filled-pages-kept.md); 0 fills every request.
  CART_PAGES_KEPT: z.coerce.number().int().min(0).max(100_000).default(500),

  // Email (app/features/email): SMTP when set, otherwise .eml files under DATA_DIR/mail.
  SMTP_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL (smtps://user:pass@host:465)")
      .optional(),
  ),
  // "files" writes every message under DATA_DIR/mail even in production; "smtp" requires SMTP_URL.
  // Unset: SMTP when SMTP_URL is set, otherwise files (and, in production, a refusal to start).
  MAIL_TRANSPORT: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["smtp", "files"]).optional()),
  MAIL_FROM: z.string().min(3).default("Citron Online District <no-reply@example.org>"),
  // The outbox worker looks for due messages this often, and a failed send is first retried this much later
  // (doubling per failure, at most an hour).
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
  OUTBOX_RETRY_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  // Contact form abuse limit: at most MAX messages per client address per WINDOW minutes.
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),

  // Donations (app/features/donations): the receipt's legal name (default SITE_NAME), the largest online gift,
  // the card fee "Cover the card fee" adds, and the per-address limit on starting donation checkouts.
  LEGAL_NAME: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  DONATION_MAX_DOLLARS: z.coerce.number().int().min(1).max(900_000).default(25_000),
  DONATION_FEE_PERCENT: z.coerce.number().min(0).max(20).default(2.9),
  DONATION_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(1000).default(30),
  DONATION_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  DONATION_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),

  // Edge limits (decision 0028; docs/operations.md lists them all): checkout starts per client address and per
  // cart, live product feeds per address and in all, and the admins' two-factor requirement.
  CHECKOUT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  CHECKOUT_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
  CHECKOUT_CART_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CHECKOUT_CART_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  FEED_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  FEED_MAX_TOTAL: z.coerce.number().int().min(1).default(2000),
  FEED_MAX_LIFETIME_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  // "required": every staff account (admin or user; decision 0037) signs in with a TOTP or recovery code and sets
  // one up first; "optional": any account may set it up. Unset: required on a deployment (NODE_ENV=production), optional in the local preview and tests.
  ADMIN_TWO_FACTOR: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["required", "optional"]).optional(),
  ),

  // Payments (app/features/payments): Stripe Checkout when the secret key is set, otherwise the built-in
  // sandbox. STRIPE_API_URL points the Stripe client elsewhere (tests' local stand-in of Stripe's API).
  STRIPE_SECRET_KEY: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional()),
  STRIPE_API_URL: optionalUrl,
  // "sandbox" chooses the built-in test checkout by name (a staging site that takes no money); required for the
  // sandbox when NODE_ENV=production, where a missing STRIPE_SECRET_KEY otherwise refuses to start (decision 0024).
  PAYMENTS: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["stripe", "sandbox"]).optional()),
  // The checkout sweep (app/features/payments/checkout/sweep.server.ts) runs this often in each instance; a Stripe checkout
  // one instance is asking Stripe about is left alone by the others for the lease.
  CHECKOUT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  CHECKOUT_SWEEP_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  // The drop refund retry (app/features/entry-changes/drops/refund-retry.server.ts) claims a refund for this long, so
  // another instance leaves it alone: longer than one refund's worst ask of Stripe (the worker refuses to start
  // otherwise), and its run stops taking refunds before its lease runs out.
  DROP_REFUND_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  // Tournament registration windows (app/features/tournaments, decision 0040) take this day (YYYY-MM-DD) as today
  // instead of the clock's: for tests and rehearsals, so a window is seen closing without waiting. Unset in use.
  REGISTRATION_CLOCK: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")
      .optional(),
  ),

  // Operations (server/metrics.ts, decision 0029): GET /metrics answers only with this bearer token; unset, it is off.
  METRICS_TOKEN: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .min(16, "must be at least 16 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema> & {
  /**
   * NODE_ENV=production given by the operator (not npm start's local preview):
   * PUBLIC_URL and mail delivery are required, and demo content is never seeded.
   */
  DEPLOYED: boolean;
  /** Where mail goes: through SMTP_URL, or .eml files under DATA_DIR/mail. */
  MAIL_DELIVERY: "smtp" | "files";
  /**
   * Whether staff (admins and users alike; decision 0037) must sign in with two factors (ADMIN_TWO_FACTOR, by
   * default on a deployment only). The name stays for existing deployments.
   */
  ADMIN_TWO_FACTOR_REQUIRED: boolean;
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
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const deployed = env.NODE_ENV === "production" && !env.CITRON_LOCAL_PREVIEW;
  const problems = productionProblems(env, deployed);
  // "false" is the old default a copied .env carries; a deployment says 0 (TLS ends here) or names its proxies.
  const trustProxy = source.TRUST_PROXY?.trim().toLowerCase();
  if (deployed && env.PUBLIC_URL?.startsWith("https://") && (!trustProxy || trustProxy === "false"))
    problems.push(TRUST_PROXY_REQUIRED);
  if (problems.length > 0) {
    throw new EnvError(`Invalid environment configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    DEPLOYED: deployed,
    ADMIN_TWO_FACTOR_REQUIRED: (env.ADMIN_TWO_FACTOR ?? (deployed ? "required" : "optional")) === "required",
    MAIL_DELIVERY: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? "smtp" : "files"),
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: env.SESSION_SECRET ?? sessionSecretFor(env.NODE_ENV, env.DATABASE_URL, dataDir),
  };
}

/**
 * A deployment's https comes from a proxy in front (or the server terminates TLS itself). Left unset, every
 * visitor would share the proxy's address and so one per-address limit, and HSTS would never be sent.
 */
const TRUST_PROXY_REQUIRED =
  "TRUST_PROXY: required when NODE_ENV=production with an https PUBLIC_URL: the number of proxies in front (1), their addresses, or 0 when this server terminates TLS itself";

/** What a deployment (or any mode, for MAIL_TRANSPORT=smtp) must set; one line per problem. */
function productionProblems(env: z.infer<typeof envSchema>, deployed: boolean): string[] {
  const problems: string[] = [];
  // Without the webhook secret no Stripe payment could be confirmed by its callbacks.
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (whsec_...)");
  }
  if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) problems.push("SMTP_URL: required when MAIL_TRANSPORT=smtp");
  problems.push(...placeholderSecretProblems(env));
  problems.push(...paymentProblems(env, deployed));
  if (!deployed) return problems;
  if (!env.PUBLIC_URL) {
    problems.push("PUBLIC_URL: required when NODE_ENV=production (the https:// address visitors use)");
  } else if (!env.PUBLIC_URL.startsWith("https://") && !env.ALLOW_HTTP_PUBLIC_URL) {
    problems.push("PUBLIC_URL: must be https:// when NODE_ENV=production (or set ALLOW_HTTP_PUBLIC_URL=true)");
  }
  if (!env.SMTP_URL && env.MAIL_TRANSPORT !== "files") {
    problems.push(
      "SMTP_URL: required when NODE_ENV=production, so mail reaches people (or set MAIL_TRANSPORT=files to write it under DATA_DIR/mail)",
    );
  }
  if (!env.SESSION_SECRET && env.DATABASE_URL) {
    problems.push(
      "SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL (at least 32 characters, the same on every instance)",
    );
  }
  return problems;
}

/**
 * Secrets once printed in this repository (compose.yaml's old defaults) are public: anyone could sign a session
 * cookie or read /metrics with them. Refused in every mode, like values that say they are placeholders.
 */
export const KNOWN_PLACEHOLDER_SECRETS: ReadonlySet<string> = new Set([
  "compose-local-only-session-secret-0000",
  "compose-local-metrics-token",
]);
const PLACEHOLDER_PATTERN = /^(change[-_ ]?(me|this)|replace[-_ ]?(me|this)|placeholder|your[-_ ]|example|secret$)/i;

function placeholderSecretProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  for (const [name, value] of [
    ["SESSION_SECRET", env.SESSION_SECRET],
    ["METRICS_TOKEN", env.METRICS_TOKEN],
  ] as const) {
    if (value && (KNOWN_PLACEHOLDER_SECRETS.has(value) || PLACEHOLDER_PATTERN.test(value))) {
      problems.push(
        `${name}: is a published placeholder, not a secret; set your own (for example: openssl rand -hex 32)`,
      );
    }
  }
  return problems;
}

/** The placeholder EIN of a fresh clone; a receipt carrying it is worse than none. */
export const PLACEHOLDER_TAX_ID = "00-0000000";

/**
 * Payments (decision 0024): a deployment takes real money through Stripe, or says by name that it takes none
 * (PAYMENTS=sandbox), and its receipts carry the district's real EIN and legal name. The fresh clone's
 * `npm start` (the local preview) keeps the sandbox as it is.
 */
function paymentProblems(env: z.infer<typeof envSchema>, deployed: boolean): string[] {
  const problems: string[] = [];
  if (env.PAYMENTS === "stripe" && !env.STRIPE_SECRET_KEY)
    problems.push("STRIPE_SECRET_KEY: required when PAYMENTS=stripe (sk_live_... or sk_test_...)");
  if (env.PAYMENTS === "sandbox" && env.STRIPE_SECRET_KEY) {
    problems.push("PAYMENTS: is sandbox but STRIPE_SECRET_KEY is set; unset one of them (the sandbox takes no money)");
  }
  if (!deployed) return problems;
  if (!env.STRIPE_SECRET_KEY && env.PAYMENTS !== "sandbox") {
    problems.push(
      "STRIPE_SECRET_KEY: required when NODE_ENV=production, so payments are real (or set PAYMENTS=sandbox for a staging site that takes no money)",
    );
  }
  if (env.TAX_ID === PLACEHOLDER_TAX_ID)
    problems.push(
      "TAX_ID: required when NODE_ENV=production (the district's EIN on donation receipts, e.g. 12-3456789)",
    );
  if (!env.LEGAL_NAME)
    problems.push("LEGAL_NAME: required when NODE_ENV=production (the district's legal name on donation receipts)");
  return problems;
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

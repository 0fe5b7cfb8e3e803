import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
const pretty = process.env.NODE_ENV === "development" && process.stdout.isTTY;

const LINK_PAGE = /^(\/donate\/(?:receipt|monthly)\/|\/entries\/|\/judge\/).+?(\.data)?$/;

/**
 * Hides the tokens of donors' links in a path (`/donate/receipt/<token>` becomes `/donate/receipt/…`, its `.data`
 * twin likewise): whoever reads the logs must not be able to open a donor's receipt or change their monthly gift
 * (decision 0037), nor a family's entries (`/entries/<token>`, decision 0047), nor a judge's confirmation (`/judge/<token>`, decision 0049). The router reaches the same page by other spellings (`/DONATE/MONTHLY/<token>`,
 * `/donate/%6Donthly/<token>`, `//donate/monthly/<token>`, `/donate\monthly/<token>`), so the path is compared as the
 * router reads it: percent-decoded, backslashes as slashes, repeated slashes as one, dot segments resolved, case
 * folded. A path whose reading is a link page is logged as that reading with its token hidden.
 */
export function redactLinkTokens(path: string): string {
  const reading = routerReading(path);
  const match = LINK_PAGE.exec(reading);
  return match ? `${match[1]}…${match[2] ?? ""}` : path;
}

/** `path` as the router matches it (see redactLinkTokens). */
function routerReading(path: string): string {
  let current = path.split(/[?#]/, 1)[0] ?? "";
  for (let round = 0; round < 4; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      break;
    }
    if (decoded === current) break;
    current = decoded;
  }
  current = current
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
  try {
    current = new URL(current, "http://site.invalid").pathname;
  } catch {
    // Kept as it is: the comparison above has already folded what matters.
  }
  return current.replace(/\/{2,}/g, "/");
}

/** The fields of a request's log line (pino-http's `req`): no query string, no link token. */
export function requestLogFields(req: { id?: unknown; method?: string; url?: string }) {
  return { id: req.id, method: req.method, path: redactLinkTokens(req.url?.split("?")[0] ?? "") };
}

/** The logger's settings (tests make their own logger with them, writing where they can read it). */
export const loggerOptions: pino.LoggerOptions = {
  level,
  // Every line's own `path` or `url` (the cross-site refusal, page not found, an unhandled error) loses its token.
  formatters: {
    log(object) {
      for (const key of ["path", "url"]) {
        if (typeof object[key] === "string") object[key] = redactLinkTokens(object[key] as string);
      }
      return object;
    },
  },
  redact: {
    paths: [
      "password",
      "*.password",
      "newPassword",
      "*.newPassword",
      "token",
      "*.token",
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
    ],
    censor: "[redacted]",
  },
};

/**
 * One structured logger for the server. Pretty in development, JSON lines
 * otherwise. Secrets never reach it: the redact list covers the usual places.
 */
export const logger = pino({
  ...loggerOptions,
  ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
});

export type Logger = typeof logger;

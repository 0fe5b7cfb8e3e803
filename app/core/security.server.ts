import { randomBytes } from "node:crypto";
import type { HelmetOptions } from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";

type Res = ServerResponse & { locals: { nonce: string } };

/** Third-party frames the guide may embed (video players, file previews). */
export const frameSources = [
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://player.vimeo.com",
  "https://drive.google.com",
];

/**
 * Security headers for every response. Scripts run only with this response's
 * nonce; no inline script is allowed without it.
 */
export function helmetOptions(isDev: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Res).locals.nonce}'`,
          "'strict-dynamic'",
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: isDev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        frameSrc: frameSources,
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
      },
    },
    // HSTS is added only for requests that arrived over https (see app.ts).
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  };
}

export const permissionsPolicy = "camera=(), microphone=(), geolocation=(), usb=(), payment=(self), interest-cohort=()";

const NONCE_BYTES = 16;
// Random bytes are drawn from the system in 4 KB batches (one call per 256
// nonces, as Node does for randomUUID): a call per response was a tenth of a
// cached page's time. Every byte is used once.
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh CSP nonce for one response: 16 random bytes, base64. */
export function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

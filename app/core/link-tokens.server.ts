import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { eq, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { env } from "~/core/env.server";

/**
 * The unguessable links in donors' emails (a donation's receipt, a monthly gift's manage page; decision 0037). The
 * database keeps only a SHA-256 hash of each token (`linkTokenHash`), so a copy of it opens no link. A token
 * is the row's id and a MAC of it keyed from SESSION_SECRET, so the server can write the link again in a later
 * email without having kept it:
 *
 *   token = <id, 32 hex digits> <HMAC-SHA256(key, purpose:id), 22 base64url characters>
 *
 * A token is accepted when its hash is stored (every link ever sent, the random tokens from before decision 0037
 * included, even after SESSION_SECRET changes) or when its MAC is right (links written after a change of secret).
 */
export type LinkPurpose = "receipt" | "manage" | "judge" | "entries" | "coach-invitation";

/** What a link token looks like (ours, and the random ones issued before). */
const LINK_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

const UUID_HEX = /^[0-9a-f]{32}$/;

let cached: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = env().SESSION_SECRET;
  if (cached?.secret !== secret) {
    cached = { secret, key: createHmac("sha256", secret).update("citron:link-tokens:v1").digest() };
  }
  return cached.key;
}

const mac = (purpose: LinkPurpose, id: string) =>
  createHmac("sha256", key()).update(`${purpose}:${id}`).digest("base64url").slice(0, 22);

/** The link token of row `id` (a UUID) for `purpose`. */
export function linkToken(purpose: LinkPurpose, id: string): string {
  return `${id.replace(/-/g, "").toLowerCase()}${mac(purpose, id.toLowerCase())}`;
}

/** What the database stores for a token. */
export function linkTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The row id a token names when its MAC is right, else null. */
function linkTokenSubject(purpose: LinkPurpose, token: string): string | null {
  const hex = token.slice(0, 32);
  if (token.length !== 54 || !UUID_HEX.test(hex)) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expected = Buffer.from(mac(purpose, id));
  const given = Buffer.from(token.slice(32));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * The one lookup of a private link, for every purpose (decision 0050): the condition that finds the row a token
 * opens, by its stored hash (every link ever sent) or, when the token's MAC is right, by its id (a link written after
 * SESSION_SECRET changed); null for a value that is no token, which opens nothing.
 */
export function linkTokenWhere(
  purpose: LinkPurpose,
  token: string,
  columns: { hash: AnyPgColumn; id: AnyPgColumn },
): SQL | null {
  if (!LINK_TOKEN.test(token)) return null;
  const byHash = eq(columns.hash, linkTokenHash(token));
  const subject = linkTokenSubject(purpose, token);
  return subject ? or(byHash, eq(columns.id, subject))! : byHash;
}

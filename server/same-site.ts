import type { RequestHandler } from "express";
import { logger } from "~/core/logger.server";
import { requestOrigin } from "./request-handler";

/**
 * Refuses state-changing requests sent from another site (cross-site request
 * forgery), beyond what SameSite=Lax cookies already stop. The reference is
 * the configured public origin, and the origin the request itself was sent
 * to (so http://127.0.0.1:3000 works on a fresh clone whose PUBLIC_URL is
 * http://localhost:3000; a browser on another site cannot forge the Host it
 * sends). Without an Origin header, the browser's Sec-Fetch-Site decides;
 * without either (curl, old browsers) the request passes, as SameSite
 * cookies still protect the session.
 *
 * Webhooks come from the payment provider's servers and check their own
 * signatures, so they are exempt.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type SameSiteOptions = {
  publicOrigin: string;
  /** Path prefixes that are not checked. */
  exempt?: readonly string[];
};

export const SAME_SITE_EXEMPT = ["/webhooks/"] as const;

/** Why a request is refused, or null when it may pass. */
export function crossSiteReason(
  request: { method: string; path: string; origin?: string; fetchSite?: string; ownOrigin: string },
  options: SameSiteOptions,
): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  if ((options.exempt ?? SAME_SITE_EXEMPT).some((prefix) => request.path.startsWith(prefix))) return null;
  const origin = request.origin?.trim();
  if (origin) {
    if (origin === "null") return "opaque origin";
    let normalized: string;
    try {
      normalized = new URL(origin).origin;
    } catch {
      return "unreadable origin";
    }
    return normalized === options.publicOrigin || normalized === request.ownOrigin ? null : "foreign origin";
  }
  if (request.fetchSite === "cross-site") return "cross-site fetch";
  return null;
}

export function sameSiteOnly(options: SameSiteOptions): RequestHandler {
  return (req, res, next) => {
    const reason = crossSiteReason(
      {
        method: req.method,
        path: req.path,
        origin: req.get("origin"),
        fetchSite: req.get("sec-fetch-site"),
        ownOrigin: requestOrigin(req),
      },
      options,
    );
    if (!reason) return next();
    // Once, at warn, without a stack: a refused forgery is expected traffic, not a server error.
    logger.warn(
      {
        requestId: res.locals.requestId,
        method: req.method,
        path: req.path,
        origin: req.get("origin")?.slice(0, 200) ?? null,
        secFetchSite: req.get("sec-fetch-site") ?? null,
        reason,
      },
      "cross-site request refused",
    );
    res
      .status(403)
      .set({ "Cache-Control": "no-store", Connection: "close" })
      .type("text/plain")
      .send("Forbidden: this form can only be sent from the site's own pages.");
  };
}

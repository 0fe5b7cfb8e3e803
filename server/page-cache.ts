import type { NextFunction, Request, Response } from "express";
import {
  cartPageKey,
  createPageCache,
  invalidateLocalPublicPages,
  isAnonymous,
  isCartOnly,
  isCartSharedPage,
  isPublicPage,
  MAX_SHARED_CART_COUNT,
  onPublicPagesInvalidated,
  pageChunks,
  type CachedPage,
  type PageCache,
  type PageParts,
  parsePageKey,
  setPublicPagesBroadcast,
} from "~/core/page-cache.server";
import { logger } from "~/core/logger.server";
import { publish, subscribe } from "~/db/pubsub.server";
import { getDatabaseHandle } from "~/db/database.server";

/** Invalidations travel between instances on this channel (app/db/pubsub.server.ts). */
export const PAGES_CHANNEL = "pages";

/**
 * Every instance drops its copies when any instance invalidates, and /fees
 * when the catalogue changes (the catalogue already announces every product
 * change on its channel, on commit; server/app.ts passes that channel's name).
 * After a lost LISTEN connection every page goes, since messages may have been missed.
 */
export async function syncPageCacheAcrossInstances({
  productsChannel,
  campaignsChannel,
}: {
  productsChannel: string;
  campaignsChannel: string;
}): Promise<() => void> {
  setPublicPagesBroadcast((paths) => {
    getDatabaseHandle()
      .then((handle) => publish(handle.db, PAGES_CHANNEL, { paths: paths ?? null }))
      .catch((error: unknown) => logger.error({ err: error }, "page cache: could not announce an invalidation"));
  });
  const resync = { onResync: () => invalidateLocalPublicPages() };
  const stopPages = await subscribe(
    PAGES_CHANNEL,
    (payload) => {
      const paths = (payload as { paths?: unknown } | null)?.paths;
      invalidateLocalPublicPages(Array.isArray(paths) ? paths.filter((path) => typeof path === "string") : undefined);
    },
    resync,
  );
  const stopProducts = await subscribe(productsChannel, () => invalidateLocalPublicPages(["/fees"]), resync);
  // A campaign's gifts, refunds or details changed (decision 0035): /donate shows its figures.
  const stopCampaigns = await subscribe(campaignsChannel, () => invalidateLocalPublicPages(["/donate"]), resync);
  return () => {
    setPublicPagesBroadcast(undefined);
    stopPages();
    stopProducts();
    stopCampaigns();
  };
}

/** How long a stale page may still be served while one request renders it again. */
const STALE_SECONDS = 300;

/**
 * Lets a CDN in front share an anonymous public page for the freshness time
 * (docs/operations.md); browsers revalidate every time (max-age=0).
 */
export function sharedCacheControl(freshSeconds: number) {
  return `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${STALE_SECONDS}`;
}

/**
 * Express middleware: anonymous GET/HEAD of a public page is answered from the
 * page cache, and so is a cart visitor's (no session, no toast) public page,
 * from the render for their cart's item count, on /fees with their cart filled
 * in (decision 0030); every other request (signed in, toast, other paths, a page
 * the cache would not store) goes on to React Router untouched, except that
 * public pages always say `Vary: Cookie`.
 *
 * `render(pathAndQuery, cartItemCount?)` renders a page as an anonymous visitor
 * sees it, or, with a count, as a visitor with that many items in the cart
 * sees it, with the placeholders of app/core/page-cache.server.ts for nonce and
 * request id. `cartItemCount(cookieHeader)` reads the count of the visitor's
 * cart (0 for an unknown cart, as the root loader shows it); without it, cart
 * visitors are rendered for themselves.
 */
export function publicPageCache(options: {
  freshSeconds: number;
  render: (pathAndQuery: string, cartItemCount?: number) => Promise<globalThis.Response>;
  cartItemCount?: (cookieHeader: string) => Promise<number>;
  /**
   * A cart visitor's /fees: `read` gives their cart's count and cart (null for an unknown cart), `fill` the page
   * rendered for that count with their cart in it, or null when it cannot (then it is rendered for them).
   */
  fees?: {
    read: (cookieHeader: string) => Promise<{ count: number; cart: unknown }>;
    fill: (page: CachedPage, cart: unknown) => Promise<PageParts | null>;
  };
  now?: () => number;
}) {
  const readCount = options.cartItemCount;
  const cache: PageCache = createPageCache({
    freshMs: options.freshSeconds * 1000,
    staleMs: STALE_SECONDS * 1000,
    render: (key) => {
      const { pathAndQuery, cartItemCount } = parsePageKey(key);
      return options.render(pathAndQuery, cartItemCount);
    },
    now: options.now,
    onError: (error, key) => logger.error({ err: error, path: key }, "page cache: render failed"),
  });
  onPublicPagesInvalidated((paths) => cache.invalidate(paths));
  const cacheControl = sharedCacheControl(options.freshSeconds);

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isPublicPage(req.path)) return next();
    // Whether a visitor is anonymous is read from their cookies: a shared cache must key on them.
    res.vary("Cookie");
    const cookie = req.headers.cookie;
    try {
      let key = req.originalUrl;
      let forCart = false;
      let cart: unknown = null;
      if (!isAnonymous(cookie)) {
        if (!cookie || !isCartOnly(cookie)) return next();
        // A failed read leaves the page to React Router, which reads (and logs) it itself.
        let count: number | null = null;
        if (req.path === "/fees" && options.fees) {
          const read = await options.fees.read(cookie).catch(() => null);
          count = read?.count ?? null;
          cart = read?.cart ?? null;
        } else if (readCount && isCartSharedPage(req.path)) {
          count = await readCount(cookie).catch(() => null);
        }
        if (count === null || count > MAX_SHARED_CART_COUNT) return next();
        key = cartPageKey(req.originalUrl, count);
        forCart = true;
      }
      const found = await cache.lookup(key);
      if (!found.page) return next();
      const nonce = res.locals.nonce as string;
      const requestId = res.locals.requestId as string;
      let chunks: Buffer[];
      if (cart === null) {
        chunks = pageChunks(found.page.parts, nonce, requestId);
      } else {
        const filled = await options.fees!.fill(found.page, cart).catch((error: unknown) => {
          logger.error({ err: error }, "page cache: a cart could not be filled into /fees");
          return null;
        });
        if (filled === null) return next();
        chunks = pageChunks(filled, nonce, requestId);
      }
      res.status(200);
      res.setHeader("Content-Type", found.page.contentType);
      // A cart visitor's page says what their own render says (private): only anonymous pages are shareable.
      res.setHeader("Cache-Control", forCart ? (found.page.cacheControl ?? "private, no-cache") : cacheControl);
      res.setHeader("X-Page-Cache", found.state);
      res.setHeader(
        "Content-Length",
        chunks.reduce((length, chunk) => length + chunk.length, 0),
      );
      if (req.method === "HEAD") return void res.end();
      // Corked: the chunks leave in one write (writev), with the headers.
      res.cork();
      for (const chunk of chunks) res.write(chunk);
      res.end();
      res.uncork();
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(middleware, { cache });
}

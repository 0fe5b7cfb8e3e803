import type { NextFunction, Request, Response } from "express";
import {
  createPageCache,
  invalidateLocalPublicPages,
  isAnonymous,
  isPublicPage,
  onPublicPagesInvalidated,
  pageChunks,
  type PageCache,
  setPublicPagesBroadcast,
} from "~/core/page-cache.server";
import { logger } from "~/core/logger.server";
import { publish, subscribe } from "~/core/pubsub.server";
import { getDatabaseHandle } from "~/db/database.server";
import { PRODUCTS_CHANNEL } from "~/features/products/feed.server";

/** Invalidations travel between instances on this channel (app/core/pubsub.server.ts). */
export const PAGES_CHANNEL = "pages";

/**
 * Every instance drops its copies when any instance invalidates, and /fees
 * when the catalogue changes (the catalogue already announces every product
 * change on its channel, on commit). After a lost LISTEN connection every
 * page goes, since messages may have been missed.
 */
export async function syncPageCacheAcrossInstances(): Promise<() => void> {
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
  const stopProducts = await subscribe(PRODUCTS_CHANNEL, () => invalidateLocalPublicPages(["/fees"]), resync);
  return () => {
    setPublicPagesBroadcast(undefined);
    stopPages();
    stopProducts();
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
 * page cache; every other request (signed in, cart, toast, other paths, a page
 * the cache would not store) goes on to React Router untouched, except that
 * public pages always say `Vary: Cookie`.
 *
 * `render(pathAndQuery)` renders a page as an anonymous visitor sees it, with
 * the placeholders of app/core/page-cache.server.ts for nonce and request id.
 */
export function publicPageCache(options: {
  freshSeconds: number;
  render: (pathAndQuery: string) => Promise<globalThis.Response>;
  now?: () => number;
}) {
  const cache: PageCache = createPageCache({
    freshMs: options.freshSeconds * 1000,
    staleMs: STALE_SECONDS * 1000,
    render: options.render,
    now: options.now,
    onError: (error, key) => logger.error({ err: error, path: key }, "page cache: render failed"),
  });
  onPublicPagesInvalidated((paths) => cache.invalidate(paths));
  const cacheControl = sharedCacheControl(options.freshSeconds);

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isPublicPage(req.path)) return next();
    // Whether a visitor is anonymous is read from their cookies: a shared cache must key on them.
    res.vary("Cookie");
    if (!isAnonymous(req.headers.cookie)) return next();
    try {
      const found = await cache.lookup(req.originalUrl);
      if (!found.page) return next();
      const chunks = pageChunks(found.page, res.locals.nonce as string, res.locals.requestId as string);
      res.status(200);
      res.setHeader("Content-Type", found.page.contentType);
      res.setHeader("Cache-Control", cacheControl);
      res.setHeader("X-Page-Cache", found.state);
      res.setHeader("Content-Length", chunks.reduce((length, chunk) => length + chunk.length, 0));
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

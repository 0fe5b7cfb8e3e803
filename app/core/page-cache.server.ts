import { randomBytes } from "node:crypto";
import { CART_COOKIE } from "~/core/cart";
import { publicPages } from "./public-pages";

/**
 * The public page cache (docs/decisions/0013-public-page-cache.md): the HTML
 * of public pages as an anonymous visitor sees them, rendered once and served
 * to every anonymous visitor until it goes stale or something invalidates it.
 *
 * The HTML is rendered with two placeholders in it, one where the CSP nonce
 * goes and one where the request id goes, and stored split on them; each
 * response joins the pieces with its own nonce and its own request id, so no
 * two responses share a nonce.
 */

/** Public pages that look the same to every anonymous visitor: all of the public pages table. */
const PUBLIC_PAGES: ReadonlySet<string> = new Set(publicPages.map((page) => page.path));

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname);
}

// A visitor carrying any of these sees something of their own (account
// header, cart badge, a toast): their pages are never shared.
const PERSONAL_COOKIE = new RegExp(`(?:^|;)\\s*(?:(?:__Host-|__Secure-)?citron\\.[^=]*|${CART_COOKIE}|toast)=`);

/** No session cookie, no cart cookie, no pending toast. */
export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !cookieHeader || !PERSONAL_COOKIE.test(cookieHeader);
}

// ---------------------------------------------------------------------------
// Pages for visitors with a cart (docs/decisions/0030-personal-pages-from-the-cache.md).
//
// Outside /fees, the only thing a cart changes on a public page is the header's
// cart badge: the root loader's item count. So a page for a visitor whose one
// personal cookie is the cart is the page rendered for that count, and every
// visitor with that many items shares it. The cache keeps one render per
// (page, count); each request reads its cart's count (one indexed query) and
// picks that render. The render is the same code path as a visitor's own, fed
// the count instead of the cookie, so it is the page a full render gives.

const CART_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${CART_COOKIE}=[^;]*`, "g");
const HAS_CART_COOKIE = new RegExp(`(?:^|;)\\s*${CART_COOKIE}=`);

/**
 * The visitor's one personal cookie is the cart: no session, no toast.
 * (Their page is the public page with their cart's item count in the header.)
 */
export function isCartOnly(cookieHeader: string | undefined): boolean {
  if (!cookieHeader || !HAS_CART_COOKIE.test(cookieHeader)) return false;
  return isAnonymous(cookieHeader.replace(CART_COOKIE_PAIR, ""));
}

/** Public pages a cart changes only in the header's badge (/fees shows the cart itself: see fees-fill.server.tsx). */
export function isCartSharedPage(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname) && pathname !== "/fees";
}

/** Counts above this are rare: their pages are rendered per visitor, so the cache holds at most 21 per page. */
export const MAX_SHARED_CART_COUNT = 20;

/** The cache key of a page for visitors with `count` items (`#` never reaches a server in a URL). */
export function cartPageKey(pathAndQuery: string, count: number): string {
  return `${pathAndQuery}#cart=${count}`;
}

/** The page and, for a cart visitors' page, the count a cache key stands for. */
export function parsePageKey(key: string): { pathAndQuery: string; cartItemCount?: number } {
  const match = /^(.*)#cart=(\d+)$/.exec(key);
  return match ? { pathAndQuery: match[1]!, cartItemCount: Number(match[2]) } : { pathAndQuery: key };
}

/** Placeholders rendered into the cached HTML; random per process so no page text can forge one. */
const token = randomBytes(9).toString("hex");
export const NONCE_PLACEHOLDER = `pcnonce${token}`;
export const REQUEST_ID_PLACEHOLDER = `pcrequest${token}`;
const PLACEHOLDER = new RegExp(`(${NONCE_PLACEHOLDER}|${REQUEST_ID_PLACEHOLDER})`);

/**
 * HTML split on its placeholders, the text encoded once: text as bytes, each placeholder as itself.
 * (Encoding 60 KB of text on every response was the largest cost left once pages came from memory.)
 */
export type PageParts = (Buffer | typeof NONCE_PLACEHOLDER | typeof REQUEST_ID_PLACEHOLDER)[];

/** HTML with placeholders in it, as parts (see PageParts). */
export function pageParts(html: string): PageParts {
  return html.split(PLACEHOLDER).map((part, i) => (i % 2 === 0 ? Buffer.from(part) : (part as PageParts[number])));
}

export type CachedPage = {
  /** The page's HTML (see PageParts). */
  parts: PageParts;
  contentType: string;
  /** The render's own Cache-Control: what a visitor's page says (the anonymous answer sets its own). */
  cacheControl: string | null;
  storedAt: number;
};

/** What one render gave: a page to store, or the reason it was not stored. */
export type RenderOutcome = { page: CachedPage } | { skipped: string };

/** Stores a rendered response when it is shareable: 200, HTML, and no cookie set. */
export async function toCachedPage(response: Response, now: number): Promise<RenderOutcome> {
  const contentType = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200) return skip(response, `status ${response.status}`);
  if (response.headers.has("Set-Cookie")) return skip(response, "sets a cookie");
  if (!contentType.startsWith("text/html")) return skip(response, "not HTML");
  const parts = pageParts(await response.text());
  return { page: { parts, contentType, cacheControl: response.headers.get("Cache-Control"), storedAt: now } };
}

async function skip(response: Response, reason: string): Promise<RenderOutcome> {
  await response.body?.cancel().catch(() => {});
  return { skipped: reason };
}

/**
 * A page's parts with this response's nonce and request id in them, as the
 * chunks to write in order: the stored text is written as it is, never copied
 * into one buffer (a 60 KB copy per response was a tenth of a cached answer's time).
 */
export function pageChunks(parts: PageParts, nonce: string, requestId: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  const requestIdBytes = Buffer.from(requestId);
  return parts.map((part) =>
    typeof part !== "string" ? part : part === NONCE_PLACEHOLDER ? nonceBytes : requestIdBytes,
  );
}

/** Parts as the HTML they were split from, placeholders included (to fill a personal part into a stored page). */
export function partsText(parts: PageParts): string {
  return parts.map((part) => (typeof part === "string" ? part : part.toString())).join("");
}

export type PageCacheOptions = {
  /** Served as is for this long after rendering. */
  freshMs: number;
  /** Then served while one request renders it again in the background. */
  staleMs: number;
  /** Most pages kept (query strings make keys); the least recently used goes first. */
  maxEntries?: number;
  now?: () => number;
  /** Renders a page as an anonymous visitor sees it, with the placeholders in it. */
  render: (key: string) => Promise<Response>;
  onError?: (error: unknown, key: string) => void;
};

export type Lookup = { page: CachedPage; state: "hit" | "stale" | "miss" } | { page: null; reason: string };

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const pages = new Map<string, CachedPage>();
  const filling = new Map<string, Promise<RenderOutcome>>();
  // Bumped by every invalidation: a render that started before it is not stored.
  let generation = 0;

  /** One render per key at a time; everyone asking meanwhile shares it. */
  function fill(key: string): Promise<RenderOutcome> {
    const running = filling.get(key);
    if (running) return running;
    const startedIn = generation;
    const started = render(key, startedIn);
    filling.set(key, started);
    void started.finally(() => {
      if (filling.get(key) === started) filling.delete(key);
    });
    return started;
  }

  async function render(key: string, startedIn: number): Promise<RenderOutcome> {
    try {
      const outcome = await toCachedPage(await options.render(key), now());
      if ("page" in outcome && startedIn === generation) {
        pages.delete(key);
        pages.set(key, outcome.page);
        while (pages.size > maxEntries) pages.delete(pages.keys().next().value!);
      }
      return outcome;
    } catch (error) {
      options.onError?.(error, key);
      return { skipped: "render failed" };
    }
  }

  return {
    async lookup(key: string): Promise<Lookup> {
      const page = pages.get(key);
      if (page) {
        const age = now() - page.storedAt;
        if (age < options.freshMs) return { page, state: "hit" };
        if (age < options.freshMs + options.staleMs) {
          void fill(key);
          return { page, state: "stale" };
        }
        pages.delete(key);
      }
      const outcome = await fill(key);
      return "page" in outcome ? { page: outcome.page, state: "miss" } : { page: null, reason: outcome.skipped };
    },

    /** Forgets the given paths (with any query string), or every page. */
    invalidate(paths?: readonly string[]) {
      generation += 1;
      // A render already running may predate the change: the next request starts its own.
      for (const map of [pages, filling]) {
        for (const key of map.keys()) {
          // A key is a path, its query string and, for cart visitors' pages, `#cart=N`.
          if (!paths || paths.includes(key.split(/[?#]/, 1)[0]!)) map.delete(key);
        }
      }
    },

    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

// ---------------------------------------------------------------------------
// Invalidation: the one entry point for code that changes what a public page
// shows (events refresh, catalogue changes, content reload).

type InvalidationListener = (paths: readonly string[] | undefined) => void;
const listeners = new Set<InvalidationListener>();

/** The server's cache (server/page-cache.ts) listens here. */
export function onPublicPagesInvalidated(listener: InvalidationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Drops this instance's cached copies of the given paths (all public pages when none are given). */
export function invalidateLocalPublicPages(paths?: readonly string[]) {
  for (const listener of listeners) listener(paths);
}

/**
 * Every other instance must drop its copies too: server/page-cache.ts sets this
 * to publish on the "pages" channel (app/db/pubsub.server.ts), and each
 * instance's subscription calls invalidateLocalPublicPages.
 */
let broadcast: ((paths: readonly string[] | undefined) => void) | undefined;

export function setPublicPagesBroadcast(send: typeof broadcast) {
  broadcast = send;
}

/**
 * A change that public pages show has been saved: drop their cached copies
 * here and on every instance. Call it after the change is committed.
 */
export function invalidatePublicPages(paths?: readonly string[]) {
  invalidateLocalPublicPages(paths);
  broadcast?.(paths);
}

import type { Logger } from "~/core/logger.server";
import type { ParsedSheet } from "./sheet-parser";
import type { CalendarEvent, Legend } from "./types";

/** A good copy of the sheet: what was parsed, and when it was fetched. */
export type GoodCopy = { events: CalendarEvent[]; legend: Legend; fetchedAt: Date };

/** Where the last good copy survives restarts (the database in production). */
export type LastGoodStore = {
  read(): Promise<GoodCopy | null>;
  write(copy: GoodCopy): Promise<void>;
};

export type CacheState =
  | { status: "ready"; copy: GoodCopy; stale: boolean }
  | { status: "loading"; copy: null }
  | { status: "error"; copy: null; error: string };

export type RefreshOutcome = { ok: boolean; rateLimited: boolean; error?: string };

export type EventsCacheOptions = {
  /** Fetches and parses the sheet; throws on any failure. Must honour `signal`. */
  load(signal: AbortSignal): Promise<ParsedSheet>;
  ttlMs: number;
  timeoutMs: number;
  /** How long the very first request may wait for the very first fetch. */
  firstWaitMs?: number;
  /** Refresh (the button) fetches at most once per this interval. */
  refreshCooldownMs?: number;
  /** After a failed fetch, requests do not retry before this interval. */
  retryAfterMs?: number;
  now?: () => number;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** A fetch brought events or a legend that differ from the copy in memory (pages showing them are stale). */
  onChange?: () => void;
};

class FetchTimeoutError extends Error {}

/**
 * The sheet cache (docs/product.md#beyond-the-original: visitors never wait on the sheet).
 * - fresh copy in memory: served as is;
 * - stale copy: served at once while one background fetch refreshes it;
 * - nothing in memory: the last good copy from the store is served;
 * - nothing anywhere: the first request waits at most `firstWaitMs`, then
 *   gets the loading state.
 * Concurrent callers share one fetch; each fetch has a timeout; a failure
 * keeps the good copy and is only logged.
 */
export function createEventsCache(options: EventsCacheOptions) {
  const now = options.now ?? Date.now;
  const firstWaitMs = options.firstWaitMs ?? 300;
  const refreshCooldownMs = options.refreshCooldownMs ?? 10_000;
  const retryAfterMs = options.retryAfterMs ?? Math.min(options.ttlMs, 30_000);
  const log = options.logger;

  let copy: GoodCopy | null = null;
  let storeRead: Promise<void> | null = null;
  let inflight: Promise<boolean> | null = null;
  let lastError: string | null = null;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let lastFailureAt = Number.NEGATIVE_INFINITY;

  function readStoreOnce(store: LastGoodStore): Promise<void> {
    storeRead ??= store
      .read()
      .then((stored) => {
        if (stored && (!copy || stored.fetchedAt > copy.fetchedAt)) copy = stored;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "could not read the last good events sheet");
        storeRead = null;
      });
    return storeRead;
  }

  async function loadWithTimeout(): Promise<ParsedSheet> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new FetchTimeoutError(`Timed out after ${options.timeoutMs} ms`));
      }, options.timeoutMs);
    });
    try {
      return await Promise.race([options.load(controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts a fetch unless one runs; everyone shares its result. */
  function fetchShared(store: LastGoodStore): Promise<boolean> {
    if (inflight) return inflight;
    lastAttemptAt = now();
    const started = now();
    inflight = (async () => {
      try {
        const parsed = await loadWithTimeout();
        for (const warning of parsed.warnings) {
          log.warn(
            { row: warning.rowIndex + 1, date: warning.date, title: warning.title },
            "events sheet: unparsable date, row skipped",
          );
        }
        const changed =
          !copy || JSON.stringify([copy.events, copy.legend]) !== JSON.stringify([parsed.events, parsed.legend]);
        copy = { events: parsed.events, legend: parsed.legend, fetchedAt: new Date(now()) };
        if (changed) options.onChange?.();
        lastError = null;
        log.info({ events: parsed.events.length, ms: now() - started }, "events sheet refreshed");
        try {
          await store.write(copy);
        } catch (error) {
          log.error({ err: error }, "could not save the last good events sheet");
        }
        return true;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        lastFailureAt = now();
        log.error({ err: error, servingLastGood: copy !== null, ms: now() - started }, "events sheet fetch failed");
        return false;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  }

  function isStale(good: GoodCopy): boolean {
    return now() - good.fetchedAt.getTime() >= options.ttlMs;
  }

  function mayRetry(): boolean {
    return now() - lastFailureAt >= retryAfterMs;
  }

  function state(): CacheState {
    if (copy) return { status: "ready", copy, stale: isStale(copy) };
    if (lastError && !inflight) return { status: "error", copy: null, error: lastError };
    return { status: "loading", copy: null };
  }

  return {
    /** The events to serve now; never waits on the sheet beyond `firstWaitMs`. */
    async get(store: LastGoodStore): Promise<CacheState> {
      if (!copy) await readStoreOnce(store);
      if (copy) {
        if (isStale(copy) && !inflight && mayRetry()) void fetchShared(store);
        return state();
      }
      if (!inflight && mayRetry()) void fetchShared(store);
      if (inflight) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          inflight,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, firstWaitMs);
          }),
        ]);
        clearTimeout(timer);
      }
      return state();
    },

    /**
     * Refetch now (the Refresh button). Within the cooldown of the last fetch
     * it joins the running fetch (a fetch this caller waited for: not rate
     * limited) or reports the copy it already has (rate limited: nothing was fetched).
     */
    async refresh(store: LastGoodStore): Promise<RefreshOutcome> {
      if (inflight) {
        const ok = await inflight;
        return { ok, rateLimited: false, ...(ok ? {} : { error: lastError ?? undefined }) };
      }
      if (now() - lastAttemptAt < refreshCooldownMs) {
        const ok = lastError === null;
        return { ok, rateLimited: true, ...(ok ? {} : { error: lastError ?? undefined }) };
      }
      if (!copy) await readStoreOnce(store);
      const ok = await fetchShared(store);
      return { ok, rateLimited: false, ...(ok ? {} : { error: lastError ?? undefined }) };
    },

    /** Waits for a running fetch (tests, shutdown). */
    async settle(): Promise<void> {
      if (inflight) await inflight;
    },
  };
}

export type EventsCache = ReturnType<typeof createEventsCache>;

import { eq } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { pageUrl } from "~/core/page-url";
import type { Database } from "~/db/client.server";
import { eventsSheetCache } from "~/db/schema";
import { invalidatePublicPages } from "~/core/page-cache.server";
import { todayInNewYork } from "./dates";
import { createEventsCache, type EventsCache, type LastGoodStore, type RefreshOutcome } from "./events-cache.server";
import { sampleEvents } from "./sample-events";
import { fallbackLegend, parseSheet } from "./sheet-parser";
import { readSheetText } from "./sheet-source.server";
import type { EventsSnapshot, EventsView, EventsWidgetData, ScheduleEvent } from "./types";
import { readViewState, upcomingEvents } from "./view-state";

export type EventsConfig = {
  source: string;
  shortName: string;
  ttlMs: number;
  timeoutMs: number;
  maxBytes: number;
  firstWaitMs?: number;
  refreshCooldownMs?: number;
  now?: () => number;
};

/** The last good copy lives in events_sheet_cache, keyed by the sheet's address. */
export function databaseStore(db: Database, source: string): LastGoodStore {
  return {
    async read() {
      const [row] = await db.select().from(eventsSheetCache).where(eq(eventsSheetCache.source, source));
      return row ? { events: row.events, legend: row.legend, fetchedAt: row.fetchedAt } : null;
    },
    async write(copy) {
      const values = { events: copy.events, legend: copy.legend, fetchedAt: copy.fetchedAt, updatedAt: new Date() };
      await db
        .insert(eventsSheetCache)
        .values({ source, ...values })
        .onConflictDoUpdate({ target: eventsSheetCache.source, set: values });
    },
  };
}

/** The events of one sheet: its cache plus what pages get from it. */
export function createEventsService(config: EventsConfig) {
  const cache: EventsCache = createEventsCache({
    load: async (signal) =>
      parseSheet(await readSheetText(config.source, { signal, maxBytes: config.maxBytes }), {
        shortName: config.shortName,
      }),
    ttlMs: config.ttlMs,
    timeoutMs: config.timeoutMs,
    firstWaitMs: config.firstWaitMs,
    refreshCooldownMs: config.refreshCooldownMs,
    now: config.now,
    logger,
    // Home and /events show the events, /fees their schedule: their cached pages go (app/core/page-cache.server.ts).
    onChange: () => invalidatePublicPages(["/", "/events", "/fees"]),
  });
  const today = () => todayInNewYork(config.now ? new Date(config.now()) : new Date());

  return {
    cache,
    /**
     * Upcoming events to show now. Sample events stand in when the sheet
     * yields none, or when it failed and no good copy was ever fetched.
     */
    async snapshot(db: Database): Promise<EventsSnapshot> {
      const state = await cache.get(databaseStore(db, config.source));
      const day = today();
      if (state.status === "loading") {
        return {
          status: "loading",
          events: [],
          legend: fallbackLegend(config.shortName),
          isSample: false,
          fetchedAt: null,
        };
      }
      if (state.status === "error" || state.copy.events.length === 0) {
        return {
          status: state.status,
          events: sampleEvents(day, config.shortName),
          legend: state.copy?.legend ?? fallbackLegend(config.shortName),
          isSample: true,
          fetchedAt: state.copy?.fetchedAt.toISOString() ?? null,
        };
      }
      return {
        status: "ready",
        events: upcomingEvents(state.copy.events, day),
        legend: state.copy.legend,
        isSample: false,
        fetchedAt: state.copy.fetchedAt.toISOString(),
      };
    },
    refresh(db: Database): Promise<RefreshOutcome> {
      return cache.refresh(databaseStore(db, config.source));
    },
    /**
     * docs/product.md#7-data-the-site-reads-and-writes: future schedule events for registration, ascending;
     * never the built-in samples (decision 0026: nobody pays for a tournament
     * that does not exist), so with no sheet events this is empty.
     */
    async scheduleEvents(db: Database): Promise<ScheduleEvent[]> {
      const snapshot = await this.snapshot(db);
      if (snapshot.isSample || snapshot.status !== "ready") return [];
      return upcomingEvents(snapshot.events, today()).map(({ id, title, date, description, type }) => ({
        id,
        title,
        date,
        ...(description ? { description } : {}),
        type,
      }));
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;

let service: EventsService | undefined;

/** The process's events service, configured from the environment. */
export function eventsService(): EventsService {
  const config = env();
  service ??= createEventsService({
    source: config.EVENTS_SHEET_URL,
    shortName: config.SITE_SHORT_NAME,
    ttlMs: config.EVENTS_CACHE_TTL_SECONDS * 1000,
    timeoutMs: config.EVENTS_FETCH_TIMEOUT_MS,
    maxBytes: config.EVENTS_MAX_BYTES,
    refreshCooldownMs: config.EVENTS_REFRESH_COOLDOWN_MS,
  });
  return service;
}

/** For tests: forget the process's service (and its memory cache). */
export function resetEventsServiceForTests() {
  service = undefined;
}

/** Upcoming events for a page (Home, /events). */
export function getEventsSnapshot(db: Database): Promise<EventsSnapshot> {
  return eventsService().snapshot(db);
}

/** The future schedule for the shop's registration dialogs; empty when the sheet offers none (decision 0026). */
export function getScheduleEvents(db: Database): Promise<ScheduleEvent[]> {
  return eventsService().scheduleEvents(db);
}

/** Everything the Events Calendar widget needs, from the cache and the page's URL. */
export async function loadEventsWidget(
  request: Request,
  db: Database,
  options: { defaultView?: EventsView } = {},
): Promise<EventsWidgetData> {
  const snapshot = await getEventsSnapshot(db);
  const url = pageUrl(request);
  const today = todayInNewYork();
  const viewState = readViewState(url.searchParams, {
    defaultView: options.defaultView ?? "list",
    today,
    knownTypes: Object.keys(snapshot.legend),
  });
  return { snapshot, viewState, today, path: url.pathname };
}

/**
 * At start, fetch the sheet once in the background so the first visitor
 * finds it cached (server/workers.ts). Shutdown waits for that fetch.
 */
export const eventsWarmupWorker = {
  name: "events-sheet-warmup",
  start(handle: { db: Database }) {
    const service = eventsService();
    void service.snapshot(handle.db).catch((error: unknown) => {
      logger.error({ err: error }, "events sheet warm-up failed");
    });
    return () => service.cache.settle();
  },
};

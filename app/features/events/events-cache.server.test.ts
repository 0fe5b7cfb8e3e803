import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEventsCache, type GoodCopy, type LastGoodStore } from "./events-cache.server";
import { fallbackLegend, SheetError, type ParsedSheet } from "./sheet-parser";
import type { CalendarEvent } from "./types";

const event = (title: string): CalendarEvent => ({
  id: `sheet-event-${title.length}`,
  title,
  date: "2027-03-14",
  type: "speech",
  legendCategory: "Speech",
});
const sheet = (title: string, warnings: ParsedSheet["warnings"] = []): ParsedSheet => ({
  events: [event(title)],
  legend: fallbackLegend("Citron"),
  warnings,
});

function memoryStore(initial: GoodCopy | null = null): LastGoodStore & { saved: GoodCopy | null } {
  return {
    saved: initial,
    async read() {
      return this.saved;
    },
    async write(copy) {
      this.saved = copy;
    },
  };
}

type LogFn = (...args: unknown[]) => void;
type Load = (signal: AbortSignal) => Promise<ParsedSheet>;
const logger = () => ({ info: vi.fn<LogFn>(), warn: vi.fn<LogFn>(), error: vi.fn<LogFn>() });

/** A load that resolves after `ms` (fake time) with the given sheet. */
const after = (ms: number, result: ParsedSheet) => () =>
  new Promise<ParsedSheet>((resolve) => setTimeout(() => resolve(result), ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("time to live", () => {
  it("serves the copy until it is stale, then serves it stale while one background fetch refreshes it", async () => {
    let version = 1;
    const load = vi.fn<Load>(async () => sheet(`Version ${version}`));
    const cache = createEventsCache({ load, ttlMs: 300_000, timeoutMs: 5000, logger: logger() });
    const store = memoryStore();

    const first = await cache.get(store);
    expect(first.status === "ready" && first.copy.events[0]?.title).toBe("Version 1");
    expect(load).toHaveBeenCalledTimes(1);

    version = 2;
    vi.advanceTimersByTime(299_000);
    const fresh = await cache.get(store);
    expect(fresh.status === "ready" && fresh.copy.events[0]?.title).toBe("Version 1");
    expect(load).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1000);
    const stale = await cache.get(store);
    // The stale copy is answered at once; the new one arrives in the background.
    expect(stale).toMatchObject({ status: "ready", stale: true });
    expect(stale.status === "ready" && stale.copy.events[0]?.title).toBe("Version 1");
    expect(load).toHaveBeenCalledTimes(2);
    await cache.settle();
    const refreshed = await cache.get(store);
    expect(refreshed.status === "ready" && refreshed.copy.events[0]?.title).toBe("Version 2");
    expect(store.saved?.events[0]?.title).toBe("Version 2");
  });
});

describe("concurrency", () => {
  it("lets concurrent requests share one fetch, and none waits more than the first-wait bound", async () => {
    const load = vi.fn<Load>(after(3000, sheet("Shared")));
    const log = logger();
    const cache = createEventsCache({ load, ttlMs: 300_000, timeoutMs: 5000, firstWaitMs: 300, logger: log });
    const store = memoryStore();

    const requests = Array.from({ length: 20 }, () => cache.get(store));
    await vi.advanceTimersByTimeAsync(300);
    const states = await Promise.all(requests);
    expect(states.every((state) => state.status === "loading")).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(2700);
    const later = await Promise.all(Array.from({ length: 5 }, () => cache.get(store)));
    expect(later.every((state) => state.status === "ready")).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("logs each unparsable date once per refresh, however many requests come", async () => {
    const warning = { rowIndex: 12, reason: "unparsable-date" as const, date: "TBD", title: "Judge Training" };
    const log = logger();
    const cache = createEventsCache({
      load: async () => sheet("With warning", [warning]),
      ttlMs: 300_000,
      timeoutMs: 5000,
      logger: log,
    });
    const store = memoryStore();
    await Promise.all(Array.from({ length: 10 }, () => cache.get(store)));
    await Promise.all(Array.from({ length: 10 }, () => cache.get(store)));
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      { row: 13, date: "TBD", title: "Judge Training" },
      "events sheet: unparsable date, row skipped",
    );
  });
});

describe("timeout", () => {
  it("gives up on a sheet that never answers, aborting the request", async () => {
    let signal: AbortSignal | undefined;
    const load = vi.fn<Load>((given: AbortSignal) => {
      signal = given;
      return new Promise<ParsedSheet>(() => {});
    });
    const cache = createEventsCache({ load, ttlMs: 300_000, timeoutMs: 5000, logger: logger() });
    const store = memoryStore();

    const pending = cache.get(store);
    await vi.advanceTimersByTimeAsync(300);
    expect(await pending).toMatchObject({ status: "loading" });
    await vi.advanceTimersByTimeAsync(4699);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await cache.get(store)).toEqual({ status: "error", copy: null, error: "Timed out after 5000 ms" });
  });
});

describe("failures", () => {
  it("keeps serving the last good copy from the store when the sheet fails, and logs the failure", async () => {
    const good: GoodCopy = {
      events: [event("Saved")],
      legend: fallbackLegend("Citron"),
      fetchedAt: new Date("2026-11-20T12:00:00Z"),
    };
    const store = memoryStore(good);
    const log = logger();
    const load = vi.fn<Load>(async () => {
      throw new SheetError("Failed to fetch sheet: 500");
    });
    const cache = createEventsCache({ load, ttlMs: 300_000, timeoutMs: 5000, logger: log });

    const state = await cache.get(store);
    expect(state).toMatchObject({ status: "ready", stale: true, copy: good });
    await cache.settle();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ servingLastGood: true }),
      "events sheet fetch failed",
    );
    expect(await cache.get(store)).toMatchObject({ status: "ready", copy: good });
    expect(store.saved).toBe(good);
  });

  it("reports the error when no good copy was ever fetched", async () => {
    const load = vi.fn<Load>(async () => {
      throw new SheetError("Failed to fetch sheet: 503");
    });
    const cache = createEventsCache({ load, ttlMs: 300_000, timeoutMs: 5000, logger: logger() });
    expect(await cache.get(memoryStore())).toEqual({
      status: "error",
      copy: null,
      error: "Failed to fetch sheet: 503",
    });
  });

  it("does not retry a failing sheet on every request", async () => {
    const load = vi.fn<Load>(async () => {
      throw new SheetError("Failed to fetch sheet: 500");
    });
    const cache = createEventsCache({ load, ttlMs: 300_000, timeoutMs: 5000, retryAfterMs: 30_000, logger: logger() });
    const store = memoryStore();
    for (let i = 0; i < 5; i++) await cache.get(store);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    await cache.get(store);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("refresh (the Refresh button)", () => {
  it("refetches at once, but at most once per cooldown", async () => {
    let version = 1;
    const load = vi.fn<Load>(async () => sheet(`Version ${version}`));
    const cache = createEventsCache({
      load,
      ttlMs: 300_000,
      timeoutMs: 5000,
      refreshCooldownMs: 10_000,
      logger: logger(),
    });
    const store = memoryStore();
    await cache.get(store);
    expect(load).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(10_000);
    version = 2;
    expect(await cache.refresh(store)).toEqual({ ok: true, rateLimited: false });
    expect(load).toHaveBeenCalledTimes(2);
    const state = await cache.get(store);
    expect(state.status === "ready" && state.copy.events[0]?.title).toBe("Version 2");

    version = 3;
    vi.advanceTimersByTime(5000);
    expect(await cache.refresh(store)).toEqual({ ok: true, rateLimited: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a Refresh that joins a running fetch got fresh events: not rate limited (docs/product.md#4-states-and-transitions)", async () => {
    let release = () => {};
    const load = vi.fn<Load>(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return sheet("Joined");
    });
    const cache = createEventsCache({
      load,
      ttlMs: 300_000,
      timeoutMs: 5000,
      refreshCooldownMs: 10_000,
      logger: logger(),
    });
    const store = memoryStore();
    const first = cache.refresh(store);
    const second = cache.refresh(store);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    release();
    expect(await first).toEqual({ ok: true, rateLimited: false });
    expect(await second).toEqual({ ok: true, rateLimited: false });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("reports a failed refresh while the good copy stays", async () => {
    let fail = false;
    const load = vi.fn<Load>(async () => {
      if (fail) throw new SheetError("Failed to fetch sheet: 500");
      return sheet("Good");
    });
    const cache = createEventsCache({ load, ttlMs: 300_000, timeoutMs: 5000, refreshCooldownMs: 0, logger: logger() });
    const store = memoryStore();
    await cache.get(store);
    fail = true;
    expect(await cache.refresh(store)).toEqual({ ok: false, rateLimited: false, error: "Failed to fetch sheet: 500" });
    const state = await cache.get(store);
    expect(state.status === "ready" && state.copy.events[0]?.title).toBe("Good");
  });
});

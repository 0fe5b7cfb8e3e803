import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { eventsSheetCache } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { e2eEventsYear, writeE2eEventsSheet } from "#tests/support/events-sheet";
import { createEventsService, getScheduleEvents, resetEventsServiceForTests } from "~/features/events/events.server";

// The browser tests' sheet, dated in a year still ahead with 2027's weekdays (tests/support/events-sheet.ts).
const year = e2eEventsYear();
const SHEET_FILE = writeE2eEventsSheet(mkdtempSync(path.join(os.tmpdir(), "citron-events-")), year);
const SHEET = readFileSync(SHEET_FILE, "utf8");
const ADDED_ROW = `"Sun, May 2, ${year}",Spring Awards Night,,Celebrating the season,7:00 PM,Zoom\n`;

/** A stand-in for the published sheet: answers slowly, fails, or serves a body. */
type Mode =
  | { kind: "ok"; delayMs?: number; body: string }
  | { kind: "fail"; status: number }
  | { kind: "huge" }
  | { kind: "html" };

let database: TestDatabase;
/** A database that never holds a good copy. */
let empty: TestDatabase;
let server: Server;
let mode: Mode = { kind: "ok", body: SHEET };
let hits = 0;
let url = "";

beforeAll(async () => {
  [database, empty] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  server = createServer((_req, res) => {
    hits += 1;
    const current = mode;
    if (current.kind === "fail") {
      res.writeHead(current.status).end("down");
    } else if (current.kind === "html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>Sign in</title>");
    } else if (current.kind === "huge") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end("x".repeat(64 * 1024));
    } else {
      setTimeout(() => res.writeHead(200, { "content-type": "text/csv" }).end(current.body), current.delayMs ?? 0);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sheet.csv`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await Promise.all([database.destroy(), empty.destroy()]);
  rmSync(path.dirname(SHEET_FILE), { recursive: true, force: true });
  setEnvForTests(undefined);
  resetEventsServiceForTests();
});

/** The services' clock: real time, moved on by a test instead of waiting for it. */
let shiftMs = 0;
const now = () => Date.now() + shiftMs;
const titles = (events: { title: string }[]) => events.map((event) => event.title);
const service = (overrides: Partial<Parameters<typeof createEventsService>[0]> = {}) =>
  createEventsService({
    source: url,
    shortName: "Citron",
    ttlMs: 200,
    timeoutMs: 1500,
    maxBytes: 32 * 1024,
    firstWaitMs: 300,
    refreshCooldownMs: 0,
    now,
    ...overrides,
  });

describe("against a sheet served over HTTP that is slow, then fails, then recovers", () => {
  it("never makes a visitor wait and never loses the schedule", async () => {
    const events = service();

    // Slow: the first request waits at most the short bound, then sees "loading".
    mode = { kind: "ok", delayMs: 1000, body: SHEET };
    let started = performance.now();
    const first = await events.snapshot(database.db);
    expect(performance.now() - started).toBeLessThan(700);
    expect(first).toMatchObject({ status: "loading", events: [] });
    await events.cache.settle();
    const loaded = await events.snapshot(database.db);
    expect(loaded.status).toBe("ready");
    expect(loaded.isSample).toBe(false);
    expect(titles(loaded.events)).toContain("Winter Speech Tournament");
    expect(titles(loaded.events)).not.toContain("Bills Due for Spring Congress");
    const [saved] = await database.db.select().from(eventsSheetCache);
    expect(saved?.source).toBe(url);
    expect(saved?.events).toHaveLength(loaded.events.length);

    // Fails: the stale copy is served at once; the failure is only logged.
    mode = { kind: "fail", status: 500 };
    shiftMs += 250; // past the 200 ms the copy is fresh
    started = performance.now();
    const during = await events.snapshot(database.db);
    expect(performance.now() - started).toBeLessThan(200);
    expect(during).toMatchObject({ status: "ready", isSample: false });
    expect(titles(during.events)).toEqual(titles(loaded.events));
    expect(await events.refresh(database.db)).toMatchObject({ ok: false });

    // A restarted server (new memory, same database) still has the last good copy.
    const restarted = service();
    const afterRestart = await restarted.snapshot(database.db);
    expect(afterRestart).toMatchObject({ status: "ready", isSample: false });
    expect(titles(afterRestart.events)).toEqual(titles(loaded.events));

    // Recovers, with a staff edit: the change shows after Refresh.
    mode = { kind: "ok", body: SHEET + ADDED_ROW };
    expect(await events.refresh(database.db)).toEqual({ ok: true, rateLimited: false });
    expect(titles((await events.snapshot(database.db)).events)).toContain("Spring Awards Night");
  });

  it("shows the samples and the error only when no good copy was ever fetched", async () => {
    mode = { kind: "fail", status: 404 };
    const events = service();
    const snapshot = await events.snapshot(empty.db);
    expect(snapshot).toMatchObject({ status: "error", isSample: true });
    expect(titles(snapshot.events)).toEqual([
      "Regional Speech & Debate Tournament",
      "Model Congress Training Camp",
      "National Qualification Prep Session",
    ]);
    // Decision 0026: the samples show in the calendar but are never offered for registration.
    expect(await events.scheduleEvents(empty.db)).toEqual([]);
  });

  it("answers at once when the sheet takes 3 s, once a copy exists", async () => {
    const events = service({ ttlMs: 1, timeoutMs: 5000 });
    mode = { kind: "ok", body: SHEET };
    await events.snapshot(database.db);
    await events.cache.settle();
    mode = { kind: "ok", delayMs: 3000, body: SHEET };
    shiftMs += 5; // past the 1 ms the copy is fresh
    const started = performance.now();
    for (let i = 0; i < 20; i++) await events.snapshot(database.db);
    expect(performance.now() - started).toBeLessThan(500);
    const before = hits;
    await Promise.all(Array.from({ length: 20 }, () => events.snapshot(database.db)));
    expect(hits - before).toBeLessThanOrEqual(1);
  });

  it("refuses a sheet over the size limit", async () => {
    mode = { kind: "huge" };
    const events = service();
    expect(await events.refresh(empty.db)).toEqual({
      ok: false,
      rateLimited: false,
      error: "Sheet is larger than the limit of 32768 bytes",
    });
  });

  it("refuses a web page (an unpublished sheet's sign-in page) in place of CSV", async () => {
    mode = { kind: "html" };
    expect(await service().refresh(empty.db)).toMatchObject({
      ok: false,
      error: "Failed to fetch sheet: the address returned a web page, not CSV",
    });
  });
});

describe("the routes", () => {
  beforeAll(() => {
    setEnvForTests(
      parseEnv({
        NODE_ENV: "test",
        SESSION_SECRET: "x".repeat(32),
        PUBLIC_URL: "https://citron.example.org",
        EVENTS_SHEET_URL: SHEET_FILE,
        MEETING_URL: "https://zoom.us/j/123",
      }),
    );
    resetEventsServiceForTests();
  });

  it("/events renders every upcoming event, the URL's state and schema.org markup", async () => {
    const { loader } = await import("~/routes/public/events");
    const request = new Request(
      `https://citron.example.org/events?view=calendar&type=speech&type=bogus&day=${year}-03-14`,
    );
    const data = await loader({ request, context: database.context(), params: {} } as never);
    expect(data.events.snapshot.status).toBe("ready");
    expect(data.events.viewState).toEqual({
      view: "calendar",
      types: ["speech"],
      month: `${year}-03`,
      day: `${year}-03-14`,
    });
    expect(data.events.snapshot.events).toHaveLength(8);
    const jsonLd = JSON.parse(data.jsonLd ?? "null");
    expect(jsonLd["@graph"][0]).toMatchObject({
      "@type": "Event",
      name: "Winter Speech Tournament",
      startDate: `${year}-01-10`,
      location: { "@type": "VirtualLocation", url: "https://zoom.us/j/123" },
    });
    expect(data.jsonLd).not.toContain("<");
    expect(data.events.path).toBe("/events");

    // A client navigation asks for /events.data: the widget's links, address and Refresh still name the page.
    const navigation = new Request("https://citron.example.org/events.data?view=calendar&_routes=routes%2Fevents");
    const fromNavigation = await loader({ request: navigation, context: database.context(), params: {} } as never);
    expect(fromNavigation.events.path).toBe("/events");
    const home = await (
      await import("~/routes/public/home")
    ).loader({
      request: new Request("https://citron.example.org/_root.data?_routes=routes%2Fhome"),
      context: database.context(),
      params: {},
    } as never);
    expect(home.events.path).toBe("/");
  });

  it("/events.ics is an iCalendar feed with stable UIDs, and ?event= gives one event", async () => {
    const { loader } = await import("~/routes/resources/events-ics");
    const feed = (await loader({
      request: new Request("https://citron.example.org/events.ics"),
      context: database.context(),
      params: {},
    } as never)) as Response;
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await feed.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(8);
    expect(body).toContain("UID:sheet-event-7@citron.example.org");
    // 10:00 AM in New York on 10 January (EST, UTC-5).
    expect(body).toContain(`DTSTART:${year}0110T150000Z`);

    const one = (await loader({
      request: new Request("https://citron.example.org/events.ics?event=sheet-event-9"),
      context: database.context(),
      params: {},
    } as never)) as Response;
    const single = await one.text();
    expect(single.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(single).toContain("SUMMARY:Citron District Quals");
    expect(one.headers.get("content-disposition")).toContain("attachment");

    await expect(
      loader({
        request: new Request("https://citron.example.org/events.ics?event=nope"),
        context: database.context(),
        params: {},
      } as never),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("gives the shop the future schedule, ascending", async () => {
    const schedule = await getScheduleEvents(database.db);
    expect(schedule).toHaveLength(8);
    expect(schedule[0]).toEqual({
      id: "sheet-event-7",
      title: "Winter Speech Tournament",
      date: `${year}-01-10`,
      description: "Original Oratory, Informative and Interp",
      type: "speech",
    });
    const dates = schedule.map((event) => event.date);
    expect(dates).toEqual([...dates].sort());
  });

  it("Refresh answers the widget, or redirects back with a toast without JavaScript", async () => {
    const { action } = await import("~/routes/resources/events-refresh");
    const post = (fields: Record<string, string>) =>
      action({
        request: new Request("https://citron.example.org/events/refresh", {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        context: database.context(),
        params: {},
      } as never);
    const json = (await post({ client: "fetch" })) as { data: unknown };
    expect(json.data).toMatchObject({ ok: true });
    const redirect = (await post({ redirectTo: "/?view=calendar" })) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/?view=calendar");
    expect(redirect.headers.get("set-cookie")).toContain("toast=");
    const offsite = (await post({ redirectTo: "//evil.example" })) as Response;
    expect(offsite.headers.get("location")).toBe("/events");
  });
});

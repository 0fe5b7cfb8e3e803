import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidatePublicPages, NONCE_PLACEHOLDER, REQUEST_ID_PLACEHOLDER } from "~/core/page-cache.server";
import { createEventsCache } from "~/features/events/events-cache.server";
import { servePageCache } from "#tests/support/page-cache-server";
import { publicPageCache } from "./page-cache";

/**
 * The cache in front of React Router, as server/app.ts mounts it: a fresh
 * nonce and request id per response (set before it, as app.ts does), and
 * React Router behind it (here a stand-in that says who answered).
 */
let server: Server;
let base: string;
let catalogue = "Tournament Entry Fee";
let renders = 0;

beforeAll(async () => {
  ({ server, base } = await servePageCache(
    publicPageCache({
      freshSeconds: 60,
      render: async (path) => {
        renders += 1;
        if (path === "/contact") {
          return new Response("<p>with a cookie</p>", {
            headers: { "Content-Type": "text/html", "Set-Cookie": "x=1" },
          });
        }
        return new Response(
          `<h1>${path}</h1><p>${catalogue}</p><script nonce="${NONCE_PLACEHOLDER}">window.id="${REQUEST_ID_PLACEHOLDER}"</script>`,
          { headers: { "Content-Type": "text/html; charset=utf-8" } },
        );
      },
    }),
    { withCsp: true },
  ));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

describe("public pages for anonymous visitors", () => {
  it("come from the cache, shareable by a CDN for a short time", async () => {
    await get("/fees");
    const response = await get("/fees");
    expect(response.headers.get("X-Page-Cache")).toBe("hit");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(response.headers.get("Vary")).toBe("Cookie");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toContain("Tournament Entry Fee");
  });

  it("each carry their own nonce, matching their CSP, and their own request id", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => get("/")));
    const seen = new Set<string>();
    for (const response of responses) {
      const html = await response.text();
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
      expect(response.headers.get("Content-Security-Policy")).toBe(`script-src 'nonce-${nonce}'`);
      expect(html).toContain(`window.id="${response.headers.get("X-Request-Id")}"`);
      expect(seen.has(nonce!)).toBe(false);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(20);
  });

  it("show a catalogue change on the next request", async () => {
    expect(await (await get("/fees")).text()).toContain("Tournament Entry Fee");
    catalogue = "Novice Entry Fee";
    invalidatePublicPages(["/fees"]);
    const response = await get("/fees");
    expect(response.headers.get("X-Page-Cache")).toBe("miss");
    expect(await response.text()).toContain("Novice Entry Fee");
  });

  it("show an events refresh on the next request", async () => {
    let sheet = "Fall Qualifier";
    const events = createEventsCache({
      load: async () => ({ events: [{ title: sheet }] as never, legend: [] as never, warnings: [] }),
      ttlMs: 60_000,
      timeoutMs: 1000,
      refreshCooldownMs: 0,
      logger: { info() {}, warn() {}, error() {} },
      // As app/features/events/events.server.ts wires it.
      onChange: () => invalidatePublicPages(["/", "/events", "/fees"]),
    });
    const store = { read: async () => null, write: async () => {} };
    await events.refresh(store);
    await get("/events");
    expect((await get("/events")).headers.get("X-Page-Cache")).toBe("hit");
    // The same sheet again changes nothing: the page stays cached.
    await events.refresh(store);
    expect((await get("/events")).headers.get("X-Page-Cache")).toBe("hit");
    sheet = "Winter Qualifier";
    await events.refresh(store);
    expect((await get("/events")).headers.get("X-Page-Cache")).toBe("miss");
  });
});

describe("never from the cache", () => {
  it.each([
    ["a signed-in visitor", "citron.session_token=abc"],
    ["a signed-in visitor over https", "__Host-citron.session_token=abc"],
    ["a visitor with a cart", "citron_cart=0f0f"],
    ["a visitor with a toast to see", "toast=eyJ"],
  ])("%s", async (_who, cookie) => {
    await get("/");
    const response = await get("/", { Cookie: cookie });
    expect(response.headers.get("X-Page-Cache")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("Vary")).toBe("Cookie");
    expect(await response.text()).toBe("<p>rendered for this visitor: /</p>");
  });

  it("a page whose render sets a cookie (it is rendered for each visitor instead)", async () => {
    const before = renders;
    for (let i = 0; i < 3; i++) {
      const response = await get("/contact");
      expect(response.headers.get("X-Page-Cache")).toBeNull();
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await response.text()).toBe("<p>rendered for this visitor: /contact</p>");
    }
    expect(renders - before).toBe(3);
  });

  it("other paths and methods", async () => {
    expect((await get("/auth")).headers.get("X-Page-Cache")).toBeNull();
    expect((await get("/orders")).headers.get("Vary")).toBeNull();
    const posted = await fetch(`${base}/contact`, { method: "POST" });
    expect(posted.headers.get("X-Page-Cache")).toBeNull();
  });
});

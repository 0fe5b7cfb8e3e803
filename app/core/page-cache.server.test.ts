import { describe, expect, it } from "vitest";
import {
  createPageCache,
  isAnonymous,
  isPublicPage,
  NONCE_PLACEHOLDER,
  pageChunks,
  REQUEST_ID_PLACEHOLDER,
} from "./page-cache.server";

function htmlResponse(body: string, init: ResponseInit = {}) {
  return new Response(body, {
    status: 200,
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });
}

/** A cache over a render that counts its calls and can be held open. */
function setup(options: { freshMs?: number; staleMs?: number } = {}) {
  let clock = 0;
  let version = 1;
  let renders = 0;
  let gate: Promise<void> | null = null;
  let respond = (key: string) =>
    htmlResponse(
      `<p>${key} v${version}</p><script nonce="${NONCE_PLACEHOLDER}">id="${REQUEST_ID_PLACEHOLDER}"</script>`,
    );
  const cache = createPageCache({
    freshMs: options.freshMs ?? 60_000,
    staleMs: options.staleMs ?? 300_000,
    now: () => clock,
    render: async (key) => {
      renders += 1;
      if (gate) await gate;
      return respond(key);
    },
  });
  return {
    cache,
    tick: (ms: number) => (clock += ms),
    bump: () => (version += 1),
    renders: () => renders,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    respondWith: (make: typeof respond) => (respond = make),
    text: async (key: string) => {
      const found = await cache.lookup(key);
      return found.page ? Buffer.concat(pageChunks(found.page.parts, "NONCE", "RID")).toString() : null;
    },
  };
}

describe("who is anonymous", () => {
  it.each([
    [undefined, true],
    ["", true],
    ["theme=dark; _ga=GA1.2.3", true],
    ["citron.session_token=abc", false],
    ["__Host-citron.session_token=abc", false],
    ["a=1; citron.session_data=xyz", false],
    ["citron_cart=0f0f", false],
    ["toast=eyJ", false],
    ["mycitron_cart=1", true],
  ])("cookies %j: anonymous %s", (cookie, anonymous) => {
    expect(isAnonymous(cookie)).toBe(anonymous);
  });

  it("caches the public pages only", () => {
    for (const path of ["/", "/events", "/guide", "/fees", "/contact", "/schools"])
      expect(isPublicPage(path)).toBe(true);
    for (const path of [
      "/auth",
      "/masterdebater",
      "/orders",
      "/admin/users",
      "/payment-success",
      "/events.ics",
      "/nope",
    ]) {
      expect(isPublicPage(path)).toBe(false);
    }
  });
});

describe("the page cache", () => {
  it("renders a page once and serves it from memory while fresh", async () => {
    const t = setup();
    expect(await t.cache.lookup("/")).toMatchObject({ state: "miss" });
    expect(await t.cache.lookup("/")).toMatchObject({ state: "hit" });
    expect(t.renders()).toBe(1);
    expect(await t.text("/")).toBe('<p>/ v1</p><script nonce="NONCE">id="RID"</script>');
  });

  it("puts each response's own nonce and request id in the page", async () => {
    const t = setup();
    const found = await t.cache.lookup("/");
    if (!found.page) throw new Error("not cached");
    const first = Buffer.concat(pageChunks(found.page.parts, "n1", "r1")).toString();
    const second = Buffer.concat(pageChunks(found.page.parts, "n2", "r2")).toString();
    expect(first).toContain('nonce="n1"');
    expect(second).toContain('nonce="n2"');
    expect(second).not.toContain("n1");
    expect(first + second).not.toContain(NONCE_PLACEHOLDER);
    expect(first + second).not.toContain(REQUEST_ID_PLACEHOLDER);
  });

  it("fills a page with one render however many visitors arrive at once (no stampede)", async () => {
    const t = setup();
    const release = t.hold();
    const lookups = Array.from({ length: 50 }, () => t.cache.lookup("/events"));
    release();
    const results = await Promise.all(lookups);
    expect(t.renders()).toBe(1);
    expect(results.every((result) => result.page !== null)).toBe(true);
  });

  it("serves a stale page at once while one request renders it again", async () => {
    const t = setup({ freshMs: 1000, staleMs: 5000 });
    await t.cache.lookup("/");
    t.bump();
    t.tick(1500);
    const release = t.hold();
    const stale = await Promise.all([t.cache.lookup("/"), t.cache.lookup("/"), t.cache.lookup("/")]);
    expect(stale.map((result) => result.page && result.state)).toEqual(["stale", "stale", "stale"]);
    expect(t.renders()).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await t.text("/")).toContain("v2");
    expect(t.renders()).toBe(2);
  });

  it("renders again, waiting, once a page is older than the stale window", async () => {
    const t = setup({ freshMs: 1000, staleMs: 1000 });
    await t.cache.lookup("/");
    t.bump();
    t.tick(2500);
    expect(await t.cache.lookup("/")).toMatchObject({ state: "miss" });
    expect(await t.text("/")).toContain("v2");
  });

  it("shows a change on the next request after invalidation", async () => {
    const t = setup();
    expect(await t.text("/fees")).toContain("v1");
    expect(await t.text("/fees?x=1")).toContain("v1");
    expect(await t.text("/about")).toContain("v1");
    t.bump();
    t.cache.invalidate(["/fees"]);
    expect(await t.text("/fees")).toContain("v2");
    expect(await t.text("/fees?x=1")).toContain("v2");
    expect(await t.text("/about")).toContain("v1");
    t.cache.invalidate();
    expect(await t.text("/about")).toContain("v2");
  });

  it("does not keep a render that began before an invalidation", async () => {
    const t = setup();
    const release = t.hold();
    const early = t.cache.lookup("/events");
    t.bump();
    t.cache.invalidate(["/events"]);
    const late = t.cache.lookup("/events");
    release();
    await early;
    expect((await late).page).not.toBeNull();
    expect(await t.text("/events")).toContain("v2");
  });

  it("never stores a response that sets a cookie, fails, or is not a page", async () => {
    const t = setup();
    t.respondWith(() => htmlResponse("<p>hello</p>", { headers: { "Set-Cookie": "toast=; Max-Age=0" } }));
    expect(await t.cache.lookup("/")).toEqual({ page: null, reason: "sets a cookie" });
    t.respondWith(() => htmlResponse("<p>gone</p>", { status: 404 }));
    expect(await t.cache.lookup("/")).toEqual({ page: null, reason: "status 404" });
    t.respondWith(() => new Response(null, { status: 302, headers: { Location: "/" } }));
    expect(await t.cache.lookup("/")).toEqual({ page: null, reason: "status 302" });
    t.respondWith(() => new Response("{}", { headers: { "Content-Type": "application/json" } }));
    expect(await t.cache.lookup("/")).toEqual({ page: null, reason: "not HTML" });
    expect(t.cache.size).toBe(0);
    expect(t.renders()).toBe(4);
  });

  it("keeps at most maxEntries pages (query strings cannot fill the memory)", async () => {
    const cache = createPageCache({
      freshMs: 1000,
      staleMs: 1000,
      maxEntries: 3,
      render: async () => htmlResponse("x"),
    });
    for (let i = 0; i < 10; i++) await cache.lookup(`/guide?event=${i}`);
    expect(cache.size).toBe(3);
  });
});

describe("cart visitors (decision 0030)", () => {
  it("are cart-only with the cart cookie and nothing personal beside it", async () => {
    const { isCartOnly } = await import("./page-cache.server");
    expect(isCartOnly("citron_cart=abc")).toBe(true);
    expect(isCartOnly("_ga=1; citron_cart=abc; theme=dark")).toBe(true);
    expect(isCartOnly(undefined)).toBe(false);
    expect(isCartOnly("_ga=1")).toBe(false);
    expect(isCartOnly("citron_cart=abc; citron.session_token=x")).toBe(false);
    expect(isCartOnly("__Host-citron.session_token=x; citron_cart=abc")).toBe(false);
    expect(isCartOnly("citron_cart=abc;toast=eyJ")).toBe(false);
    // Two cart cookies (another path) are still only a cart.
    expect(isCartOnly("citron_cart=abc; citron_cart=def")).toBe(true);
    // A name that merely ends like the cart's is not the cart.
    expect(isCartOnly("xcitron_cart=abc")).toBe(false);
  });

  it("share pages by count, never /fees; keys round-trip and invalidate with their page", async () => {
    const { cartPageKey, parsePageKey, isCartSharedPage, createPageCache } = await import("./page-cache.server");
    expect(isCartSharedPage("/")).toBe(true);
    expect(isCartSharedPage("/fees")).toBe(false);
    expect(isCartSharedPage("/orders")).toBe(false);
    expect(parsePageKey(cartPageKey("/events?month=2026-12", 3))).toEqual({
      pathAndQuery: "/events?month=2026-12",
      cartItemCount: 3,
    });
    expect(parsePageKey("/events?month=2026-12")).toEqual({ pathAndQuery: "/events?month=2026-12" });
    let renders = 0;
    const cache = createPageCache({
      freshMs: 60_000,
      staleMs: 0,
      render: async () => {
        renders += 1;
        return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
      },
    });
    await cache.lookup(cartPageKey("/events", 2));
    await cache.lookup(cartPageKey("/guide", 2));
    cache.invalidate(["/events"]);
    expect((await cache.lookup(cartPageKey("/events", 2))).page && renders).toBe(3);
    expect((await cache.lookup(cartPageKey("/guide", 2))).page && renders).toBe(3);
  });
});

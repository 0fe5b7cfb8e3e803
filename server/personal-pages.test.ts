import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  invalidatePublicPages,
  NONCE_PLACEHOLDER,
  pageParts,
  partsText,
  REQUEST_ID_PLACEHOLDER,
} from "~/core/page-cache.server";
import { servePageCache } from "#tests/support/page-cache-server";
import { publicPageCache } from "./page-cache";

/**
 * Cart visitors' public pages from the page cache (decision 0030), as
 * server/app.ts mounts it, with stand-ins for React Router (it says which
 * count it rendered) and for the cart read (a map of cart id to count, with
 * random delays so requests overlap).
 */
let server: Server;
let base: string;
const counts = new Map<string, number>();
const renders: string[] = [];
let failReads = false;

/** A render's random latency, so that concurrent requests finish in any order. */
const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 5)); // fixed wait: latency

beforeAll(async () => {
  ({ server, base } = await servePageCache(
    publicPageCache({
      freshSeconds: 60,
      render: async (path, cartItemCount) => {
        renders.push(`${path} ${cartItemCount ?? "anonymous"}`);
        await pause(); // fixed wait: latency
        return new Response(
          `<h1>${path}</h1><p>cart: ${cartItemCount ?? "none"}</p><script nonce="${NONCE_PLACEHOLDER}">id="${REQUEST_ID_PLACEHOLDER}"</script>`,
          {
            headers: {
              "Content-Type": "text/html; charset=utf-8",
              "Cache-Control": cartItemCount === undefined ? "public" : "private, no-cache",
            },
          },
        );
      },
      cartItemCount: async (cookie) => {
        await pause(); // fixed wait: latency
        if (failReads) throw new Error("database down");
        const id = /citron_cart=([^;]*)/.exec(cookie)?.[1] ?? "";
        return counts.get(id) ?? 0;
      },
      // /fees: the stand-in "fills" the cart's id into the cached page for its count.
      fees: {
        read: async (cookie) => {
          await pause(); // fixed wait: latency
          if (failReads) throw new Error("database down");
          const id = /citron_cart=([^;]*)/.exec(cookie)?.[1] ?? "";
          return { count: counts.get(id) ?? 0, cart: counts.has(id) ? { id } : null };
        },
        fill: async (page, cart) => {
          await pause(); // fixed wait: latency
          const { id } = cart as { id: string };
          if (id === "odd-shape") return null;
          return pageParts(partsText(page.parts).replace("</h1>", `</h1><p>lines of ${id}</p>`));
        },
      },
    }),
  ));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, cookie?: string) => fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("a cart visitor's public page", () => {
  it("is the render for their cart's count, private, from the cache after the first", async () => {
    counts.set("a1", 3);
    const first = await get("/events", "citron_cart=a1");
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const second = await get("/events", "citron_cart=a1; _ga=xyz");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(second.headers.get("Vary")).toBe("Cookie");
    const html = await second.text();
    expect(html).toContain("<p>cart: 3</p>");
    expect(html).toContain(`id="${second.headers.get("X-Request-Id") ?? ""}"`);
    expect(html).not.toContain(NONCE_PLACEHOLDER);
  });

  it("never shows another visitor's count: two carts in parallel, 200 requests", async () => {
    counts.set("two", 2);
    counts.set("five", 5);
    const paths = ["/", "/events", "/guide", "/about"];
    const requests = Array.from({ length: 200 }, (_, i) => {
      const cart = i % 2 === 0 ? "two" : "five";
      const path = paths[i % paths.length]!;
      return get(path, `citron_cart=${cart}`).then(async (response) => ({ cart, body: await response.text() }));
    });
    for (const { cart, body } of await Promise.all(requests)) {
      expect(body).toContain(`<p>cart: ${counts.get(cart)}</p>`);
    }
    // Each (page, count) was rendered once at most, whoever asked first.
    const rendered = renders.filter((line) => / (2|5)$/.test(line));
    expect(new Set(rendered).size).toBe(rendered.length);
  });

  it("follows the cart at once: the count is read on every request", async () => {
    counts.set("c1", 1);
    expect(await (await get("/about", "citron_cart=c1")).text()).toContain("cart: 1");
    counts.set("c1", 4);
    expect(await (await get("/about", "citron_cart=c1")).text()).toContain("cart: 4");
  });

  it("is dropped with its page when the page is invalidated", async () => {
    counts.set("d1", 6);
    await get("/mission", "citron_cart=d1");
    expect((await get("/mission", "citron_cart=d1")).headers.get("X-Page-Cache")).toBe("hit");
    invalidatePublicPages(["/mission"]);
    expect((await get("/mission", "citron_cart=d1")).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("with an unknown cart is the page for an empty cart, still private", async () => {
    const response = await get("/schools", "citron_cart=unknown");
    expect(await response.text()).toContain("cart: 0");
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe("a cart visitor's /fees", () => {
  it("is the page for their count with their own cart filled in, never another's (two carts in parallel)", async () => {
    counts.set("f-two", 2);
    counts.set("f-five", 5);
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const cart = i % 2 === 0 ? "f-two" : "f-five";
        const response = await get("/fees", `citron_cart=${cart}`);
        return { cart, response, body: await response.text() };
      }),
    );
    for (const { cart, response, body } of answers) {
      expect(body).toContain(`<p>lines of ${cart}</p><p>cart: ${counts.get(cart)}</p>`);
      expect(body).toContain(`id="${response.headers.get("X-Request-Id") ?? ""}"`);
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    }
  });

  it("with an unknown cart is the page for an empty cart, as rendered", async () => {
    expect(await (await get("/fees", "citron_cart=nobody")).text()).toMatch(/^<h1>\/fees<\/h1><p>cart: 0<\/p><script/);
  });

  it("is rendered for the visitor when their cart cannot be filled in, or read", async () => {
    counts.set("odd-shape", 1);
    expect(await (await get("/fees", "citron_cart=odd-shape")).text()).toBe("<p>rendered for this visitor: /fees</p>");
    failReads = true;
    try {
      expect(await (await get("/fees", "citron_cart=f-two")).text()).toBe("<p>rendered for this visitor: /fees</p>");
    } finally {
      failReads = false;
    }
  });
});

describe("rendered for the visitor instead", () => {
  it.each([
    ["a cart and a session", "/", "citron_cart=a1; citron.session_token=abc"],
    ["a cart and a session over https", "/", "__Host-citron.session_token=abc; citron_cart=a1"],
    ["a cart and a toast", "/", "citron_cart=a1; toast=eyJ"],
    ["a page outside the public pages", "/orders", "citron_cart=a1"],
  ])("%s", async (_what, path, cookie) => {
    const response = await get(path, cookie);
    expect(response.headers.get("X-Page-Cache")).toBeNull();
    expect(await response.text()).toBe(`<p>rendered for this visitor: ${path}</p>`);
  });

  it("a cart over 20 items (its pages are not worth a cache entry)", async () => {
    counts.set("big", 21);
    expect(await (await get("/", "citron_cart=big")).text()).toBe("<p>rendered for this visitor: /</p>");
  });

  it("when the cart cannot be read", async () => {
    failReads = true;
    try {
      expect(await (await get("/", "citron_cart=a1")).text()).toBe("<p>rendered for this visitor: /</p>");
    } finally {
      failReads = false;
    }
  });
});

import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { e2eBaseURL, expect, phone, startScripts, test } from "./fixtures";

// Decision 0030: a visitor whose one personal thing is a cart gets the public pages from the page
// cache, as the render for their cart's item count (and on /fees, with their cart filled in). Same bytes as their
// own full render; never another visitor's count or cart.

const TOTE = "Lectern Tote Bag";
const ZIP = "District Quarter-Zip";

/** A visitor with their own cookie jar, who puts `quantities` of products into a new cart (no JavaScript: form posts). */
async function visitorWithCart(items: [string, number][]): Promise<APIRequestContext> {
  const visitor = await playwrightRequest.newContext({ baseURL: e2eBaseURL() });
  const fees = await (await visitor.get("/fees")).text();
  for (const [name, quantity] of items) {
    const productId = new RegExp(
      `name="productId" value="([^"]+)"/><button[^>]*aria-label="Add to Cart: ${name}"`,
    ).exec(fees)?.[1];
    expect(productId, name).toBeTruthy();
    for (let i = 0; i < quantity; i++) {
      const added = await visitor.post("/fees", { form: { intent: "add", productId: productId! } });
      expect(added.ok()).toBe(true);
    }
  }
  // The post's toast is shown (and cleared) by the next page, which is rendered for the visitor.
  await visitor.get("/fees");
  return visitor;
}

/** The cart cookie this visitor carries. */
async function cartCookie(visitor: APIRequestContext) {
  const cookie = (await visitor.storageState()).cookies.find((c) => c.name === "citron_cart");
  expect(cookie).toBeTruthy();
  return `citron_cart=${cookie!.value}`;
}

/** A page's HTML with this response's nonce and request id taken out: the only parts that differ by design. */
function normalized(html: string, headers: Record<string, string>) {
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
  expect(nonce).not.toBe("");
  return html.replaceAll(nonce, "NONCE").replaceAll(headers["x-request-id"] ?? "-", "REQUEST-ID");
}

test("a cart visitor's page from the cache is the page their own full render gives, byte for byte", async ({
  request,
}) => {
  const one = await visitorWithCart([[TOTE, 1]]);
  const three = await visitorWithCart([
    [TOTE, 2],
    [ZIP, 1],
  ]);
  for (const visitor of [one, three]) {
    const cookie = await cartCookie(visitor);
    for (const path of ["/", "/events", "/guide", "/contact", "/donate", "/fees"]) {
      await request.get(path, { headers: { Cookie: cookie } });
      const cached = await request.get(path, { headers: { Cookie: cookie } });
      expect(cached.headers()["x-page-cache"], path).toBe("hit");
      // Any other citron.* cookie makes the visitor personal beyond the cart: the page is then rendered for them.
      const full = await request.get(path, { headers: { Cookie: `${cookie}; citron.compare=1` } });
      expect(full.headers()["x-page-cache"]).toBeUndefined();
      expect(cached.headers()["cache-control"]).toBe(full.headers()["cache-control"]);
      expect(cached.headers()["cache-control"]).toMatch(/^private, no-(cache|store)$/);
      expect(normalized(await cached.text(), cached.headers()), path).toBe(
        normalized(await full.text(), full.headers()),
      );
    }
  }
  const badge = /data-testid="cart-count"[^>]*>(\d+)</;
  expect(badge.exec(await (await request.get("/", { headers: { Cookie: await cartCookie(one) } })).text())?.[1]).toBe(
    "1",
  );
  expect(badge.exec(await (await request.get("/", { headers: { Cookie: await cartCookie(three) } })).text())?.[1]).toBe(
    "3",
  );
  await one.dispose();
  await three.dispose();
});

test("two carts in parallel never see each other's count or cart", async ({ request }) => {
  const carts = [
    { visitor: await visitorWithCart([[TOTE, 2]]), count: "2" },
    { visitor: await visitorWithCart([[ZIP, 5]]), count: "5" },
  ];
  const cookies = await Promise.all(carts.map(({ visitor }) => cartCookie(visitor)));
  const paths = ["/", "/events", "/fees", "/mission", "/fees", "/about"];
  const answers = await Promise.all(
    Array.from({ length: 120 }, async (_, i) => {
      // Each visitor asks for every path (i % 2 with six paths gave /fees, at even places, to the first only).
      const which = Math.floor(i / paths.length) % 2;
      const response = await request.get(paths[i % paths.length]!, { headers: { Cookie: cookies[which]! } });
      return { path: paths[i % paths.length]!, expected: carts[which]!.count, html: await response.text() };
    }),
  );
  for (const { expected, html } of answers) {
    expect(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]).toBe(expected);
    expect(html).toContain(`Shopping cart, ${expected} items`);
  }
  // Every /fees answer (40 of the 120) is the cart page, and its cart section and data carry this visitor's line and
  // quantity, and not the other's.
  const cartPages = answers.filter(({ path }) => path === "/fees");
  expect(cartPages).toHaveLength(40);
  expect(new Set(cartPages.map(({ expected }) => expected))).toEqual(new Set(["2", "5"]));
  for (const { expected, html } of cartPages) {
    expect(html).toMatch(/<h1[^>]*>Shopping Cart</);
    const [mine, theirs] = expected === "2" ? [TOTE, ZIP] : [ZIP, TOTE];
    expect(html).toContain(`aria-label="Remove ${mine}"`);
    expect(html).not.toContain(`aria-label="Remove ${theirs}"`);
    const quantity = new RegExp(`<input[^>]*aria-label="Quantity of ${mine}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(quantity).toContain(`value="${expected}"`);
  }
  await Promise.all(carts.map(({ visitor }) => visitor.dispose()));
});

test("in the browser, the cached page shows the cart, starts its scripts at the paint and hydrates cleanly", async ({
  browser,
}) => {
  const visitor = await visitorWithCart([[TOTE, 2]]);
  const context = await browser.newContext({ storageState: await visitor.storageState(), viewport: phone });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto("/mission");
  const response = await page.goto("/mission");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByRole("link", { name: "Shopping cart, 2 items" })).toBeVisible();
  // A cart visitor's page is not an anonymous one: its scripts start at the first paint, without input.
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
  await startScripts(page);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  expect(problems).toEqual([]);
  await context.close();
  await visitor.dispose();
});

import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { decode, encode } from "react-router-turbo-stream";
import { afterEach, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "~/core/env.server";
import { type CachedPage, pageChunks, pageParts, partsText, REQUEST_ID_PLACEHOLDER } from "~/core/page-cache.server";
import type { CartView } from "../cart/cart-view.server";
import { CartSection } from "../cart/cart-section";
import { feesTemplate, fillFees } from "./fees-fill.server";
import { fillFeesPage } from "./personal-fees.server";
import { FEES_ROUTE_ID } from "../shop-paths";

// The shape React Router gives /fees (tests/e2e/personal-pages.spec.ts compares a real page with a full render).
const escapeHtml = (text: string) =>
  text.replace(
    /[&><\u2028\u2029]/g,
    (c) => ({ "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" })[c]!,
  );
const streamText = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const streamOf = (text: string) => new Response(text).body!;

const products = [{ id: "p1", name: "Lectern Tote Bag", price: 1800 }];
const data = (cart: CartView | null) => ({
  loaderData: {
    root: { requestId: REQUEST_ID_PLACEHOLDER, cartItemCount: 1 },
    [FEES_ROUTE_ID]: { products, cart, schedule: [], registering: null },
  },
  actionData: null,
  errors: null,
});

async function page(cart: CartView | null, section: string) {
  const text = await streamText(encode(data(cart)));
  return `<html><body><main><aside aria-label="Cart and checkout" class="lg:sticky">${section}</aside></main><script nonce="n">window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(text))});</script><script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>`;
}

async function section(cart: CartView) {
  const handler = createStaticHandler([
    {
      path: "/fees",
      Component: () => <CartSection lines={cart.lines} email={cart.email} products={products as never} />,
    },
  ]);
  const context = await handler.query(new Request("http://x/fees"));
  if (context instanceof Response) throw new Error("unexpected");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

const hostile = "</script><script>alert(1)</script>\u2028&amp;<b>";
const cart: CartView = {
  id: "c1",
  email: `parent@example.org`,
  lines: [
    {
      id: "l1",
      productId: "p1",
      quantity: 2,
      // Its own object, as the cart's query gives it (not the catalogue's).
      product: { ...products[0] },
      registration: { studentName: hostile },
      lineTotal: 3600,
      problem: null,
    },
  ],
  itemCount: 2,
  subtotal: 3600,
  total: 3600,
} as never;

describe("a cart filled into the cached /fees", () => {
  it("gives the page a render with that cart gives: its section, and its data written as React Router writes it", async () => {
    const shell = await page(null, "<p>Your cart is empty</p>");
    const template = await feesTemplate(shell);
    expect(template).not.toBeNull();
    const filled = partsText(await fillFees(template!, cart));
    expect(filled).toBe(await page(cart, await section(cart)));
  });

  it("keeps a hostile value inside its script and its element", async () => {
    const filled = partsText(await fillFees((await feesTemplate(await page(null, "")))!, cart));
    // One closing tag per script: the name's "</script>" is escaped in the data, and text in the section.
    expect(filled.match(/<\/script>/g)).toHaveLength(2);
    expect(filled).not.toContain("<b>");
    const argument = /enqueue\((.*)\);<\/script><script/.exec(filled)![1]!;
    expect(argument).not.toMatch(/[<>&\u2028\u2029]/);
    const decoded = (await decode(streamOf(JSON.parse(argument) as string))).value as ReturnType<typeof data>;
    expect(decoded.loaderData[FEES_ROUTE_ID].cart).toEqual(cart);
  });

  it("fills many carts at once from one template, each with its own lines only (the fragment's router is shared)", async () => {
    const template = (await feesTemplate(await page(null, "<p>Your cart is empty</p>")))!;
    const carts = Array.from({ length: 12 }, (_, i): CartView => ({
      ...cart,
      id: `c${i}`,
      email: `parent${i}@example.org`,
      lines: [
        {
          ...cart.lines[0]!,
          id: `l${i}`,
          quantity: i + 1,
          registration: { studentName: `Student ${i}` },
          lineTotal: 1800 * (i + 1),
        },
      ],
      itemCount: i + 1,
      subtotal: 1800 * (i + 1),
      total: 1800 * (i + 1),
    }));
    const filled = await Promise.all(carts.map(async (one) => partsText(await fillFees(template, one))));
    for (const [i, one] of carts.entries()) expect(filled[i]).toBe(await page(one, await section(one)));
  });

  it("refuses pages of another shape (rendered for the visitor instead)", async () => {
    expect(await feesTemplate("<html><body>no cart section</body></html>")).toBeNull();
    // A page whose data already has a cart is not a template.
    expect(await feesTemplate(await page(cart, ""))).toBeNull();
    // Data in two chunks (a deferred value): not filled.
    const twice = (await page(null, "")).replace(
      "</body>",
      `<script>window.__reactRouterContext.streamController.enqueue("P1:[]\\n");</script></body>`,
    );
    expect(await feesTemplate(twice)).toBeNull();
  });
});

describe("filled pages kept (CART_PAGES_KEPT)", () => {
  afterEach(() => setEnvForTests(undefined));
  const cached = async (): Promise<CachedPage> => ({
    parts: pageParts(await page(null, "<p>Your cart is empty</p>")),
    contentType: "text/html; charset=utf-8",
    cacheControl: "private, no-store",
    storedAt: 0,
  });
  const withQuantity = (quantity: number): CartView => ({
    ...cart,
    lines: [{ ...cart.lines[0]!, quantity, lineTotal: 1800 * quantity }],
    itemCount: quantity,
    subtotal: 1800 * quantity,
    total: 1800 * quantity,
  });
  const fill = async (from: CachedPage, one: CartView) => (await fillFeesPage(from, one))!;

  it("gives an unchanged cart its kept page, and a changed cart (or a page rendered again) a new fill", async () => {
    setEnvForTests({ ...env(), CART_PAGES_KEPT: 10 });
    const first = await cached();
    const once = await fill(first, withQuantity(2));
    expect(partsText(once)).toBe(await page(withQuantity(2), await section(withQuantity(2))));
    // The same cart, read again for another request: the kept parts themselves, with that response's request id
    // in the page's data.
    expect(await fill(first, structuredClone(withQuantity(2)))).toBe(once);
    const served = Buffer.concat(pageChunks(once, "NONCE", "request-2")).toString();
    expect(served).toContain('\\"requestId\\",\\"request-2\\"');
    expect(served).not.toContain(REQUEST_ID_PLACEHOLDER);
    // One more of the line, or another email: filled again, with what changed.
    const three = await fill(first, withQuantity(3));
    expect(partsText(three)).toBe(await page(withQuantity(3), await section(withQuantity(3))));
    const otherEmail = { ...withQuantity(2), email: "other@example.org" };
    expect(partsText(await fill(first, otherEmail))).toContain("other@example.org");
    // Another visitor's cart with the same lines has another id: never their page.
    const theirs = await fill(first, { ...withQuantity(2), id: "c2" });
    expect(theirs).not.toBe(once);
    expect(partsText(theirs)).toBe(await page({ ...withQuantity(2), id: "c2" }, await section(withQuantity(2))));
    // The cache rendered /fees again (stale, invalidated): its fills start over.
    expect(await fill(await cached(), withQuantity(2))).not.toBe(once);
  });

  it("keeps at most CART_PAGES_KEPT pages, the most recently used, and none at 0", async () => {
    setEnvForTests({ ...env(), CART_PAGES_KEPT: 2 });
    const from = await cached();
    const one = await fill(from, withQuantity(1));
    const two = await fill(from, withQuantity(2));
    expect(await fill(from, withQuantity(1))).toBe(one);
    await fill(from, withQuantity(3));
    // Two was the least recently used: gone; one stays.
    expect(await fill(from, withQuantity(1))).toBe(one);
    expect(await fill(from, withQuantity(2))).not.toBe(two);

    setEnvForTests({ ...env(), CART_PAGES_KEPT: 0 });
    const again = await fill(from, withQuantity(5));
    expect(await fill(from, withQuantity(5))).not.toBe(again);
    expect(partsText(again)).toBe(await page(withQuantity(5), await section(withQuantity(5))));
  });
});

import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { decode, encode } from "react-router-turbo-stream";
import { describe, expect, it } from "vitest";
import type { CartView } from "./cart-view.server";
import { CartSection } from "./cart-section";
import { feesTemplate, fillFees } from "./fees-fill.server";

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
    root: { requestId: "r1", cartItemCount: 1 },
    "routes/fees": { products, cart, schedule: [], registering: null },
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
    const filled = await fillFees(template!, cart);
    expect(filled).toBe(await page(cart, await section(cart)));
  });

  it("keeps a hostile value inside its script and its element", async () => {
    const filled = await fillFees((await feesTemplate(await page(null, "")))!, cart);
    // One closing tag per script: the name's "</script>" is escaped in the data, and text in the section.
    expect(filled.match(/<\/script>/g)).toHaveLength(2);
    expect(filled).not.toContain("<b>");
    const argument = /enqueue\((.*)\);<\/script><script/.exec(filled)![1]!;
    expect(argument).not.toMatch(/[<>&\u2028\u2029]/);
    const decoded = (await decode(streamOf(JSON.parse(argument) as string))).value as ReturnType<typeof data>;
    expect(decoded.loaderData["routes/fees"].cart).toEqual(cart);
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
    const filled = await Promise.all(carts.map((one) => fillFees(template, one)));
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

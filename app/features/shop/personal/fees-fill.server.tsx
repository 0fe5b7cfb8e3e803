import { createContext, useContext } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from "react-router";
import { decode, encode } from "react-router-turbo-stream";
import { type PageParts, pageParts } from "~/core/page-cache.server";
import type { FeedProduct } from "~/features/products/feed/feed";
import { CartSection } from "../cart/cart-section";
import type { CartView } from "../cart/cart-view.server";
import { FEES_ROUTE_ID } from "../shop-paths";

/**
 * A cart visitor's /fees from the shared page cache (docs/decisions/0030-personal-pages-from-the-cache.md).
 *
 * The cache renders /fees for a cart of N items with no cart in it (the header's badge says N, the cart section
 * is empty, the loader data's `cart` is null). For a visitor whose cart has N items, two places are filled:
 * - the cart section (the inside of `<aside aria-label="Cart and checkout">`) is `CartSection` rendered alone,
 *   in a static data router, with the visitor's lines and email and the page's products, as FeesPage renders it;
 * - the loader data is the page's own, decoded once, with their cart under /fees's route id (FEES_ROUTE_ID), encoded by React
 *   Router's own turbo-stream encoder with its plugins, and written as React Router writes it in the page.
 * tests/e2e/personal-pages.spec.ts compares the result with the visitor's full render, byte for byte.
 *
 * It leans on React Router's internals (its turbo-stream encoder and plugins, its escaping, the script that streams
 * the data) and on our page's markup (the aside's label, FeesPage's props to CartSection, the loader's data shape):
 * docs/architecture.md, "Upgrading React Router", lists each with the test that catches a change.
 */

const ASIDE_OPEN = /<aside aria-label="Cart and checkout"[^>]*>/;
const ASIDE_CLOSE = "</aside>";
const ENQUEUE = "window.__reactRouterContext.streamController.enqueue(";
const ENQUEUE_END = ");</script>";

type RouterData = { loaderData: Record<string, unknown> } & Record<string, unknown>;
type FeesData = { products: FeedProduct[]; cart: CartView | null } & Record<string, unknown>;

/**
 * A /fees page split around the two places a cart fills, with its loader data decoded. The three pieces of
 * page around them are split on their placeholders once (PageParts), not on every response.
 */
export type FeesTemplate = {
  head: PageParts;
  middle: PageParts;
  tail: PageParts;
  data: RouterData;
  fees: FeesData;
};

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** React Router's escapeHtml for the data script (lib/dom/ssr/markup.js). */
const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeHtml = (text: string) => text.replace(/[&><\u2028\u2029]/g, (match) => ESCAPES[match]!);

/**
 * Splits a /fees page rendered without a cart; null when it is not that shape (then the visitor's page is
 * rendered for them): one cart section, the loader data in one chunk, no cart in it.
 */
export async function feesTemplate(html: string): Promise<FeesTemplate | null> {
  const open = ASIDE_OPEN.exec(html);
  if (!open) return null;
  const sectionStart = open.index + open[0].length;
  const sectionEnd = html.indexOf(ASIDE_CLOSE, sectionStart);
  if (sectionEnd < 0) return null;
  const call = html.indexOf(ENQUEUE, sectionEnd);
  if (call < 0) return null;
  const argumentStart = call + ENQUEUE.length;
  const argumentEnd = html.indexOf(ENQUEUE_END, argumentStart);
  if (argumentEnd < 0 || html.includes(ENQUEUE, argumentEnd)) return null;
  let text: unknown;
  try {
    text = JSON.parse(html.slice(argumentStart, argumentEnd));
  } catch {
    return null;
  }
  if (typeof text !== "string" || text.indexOf("\n") !== text.length - 1) return null;
  const decoded = await decode(streamOf(text));
  const data = decoded.value as RouterData | null;
  const fees = data?.loaderData?.[FEES_ROUTE_ID] as FeesData | undefined;
  if (!data || !fees || fees.cart !== null || !Array.isArray(fees.products)) return null;
  return {
    head: pageParts(html.slice(0, sectionStart)),
    middle: pageParts(html.slice(sectionEnd, argumentStart)),
    tail: pageParts(html.slice(argumentEnd)),
    data,
    fees,
  };
}

/** React Router's plugins for loader data (server-runtime/single-fetch.js, encodeViaTurboStream). */
const postPlugins = [
  (value: unknown) => {
    if (!value || typeof value !== "object") return undefined;
    return ["SingleFetchClassInstance", Object.fromEntries(Object.entries(value))];
  },
  () => ["SingleFetchFallback"],
];

type CartSectionProps = { lines: CartView["lines"]; email: string | null; products: FeedProduct[] };

// The cart section is rendered in a static data router of one route, made once: it is the same for every visitor
// (/fees, no loaders), and each render is synchronous, so the visitor's props come through a context instead.
const CartSectionProps = createContext<CartSectionProps | null>(null);

function CartSectionFromProps() {
  const props = useContext(CartSectionProps);
  if (!props) throw new Error("the cart fragment was rendered without its cart");
  return <CartSection {...props} />;
}

let fragmentRouter:
  Promise<{ router: ReturnType<typeof createStaticRouter>; context: StaticHandlerContext }> | undefined;

function cartFragmentRouter() {
  fragmentRouter ??= (async () => {
    const handler = createStaticHandler([{ path: "/fees", Component: CartSectionFromProps }]);
    const context = await handler.query(new Request("http://fragment.invalid/fees"));
    if (context instanceof Response) throw new Error("the cart fragment's router answered with a response");
    return { router: createStaticRouter(handler.dataRoutes, context), context };
  })();
  fragmentRouter.catch(() => {
    fragmentRouter = undefined;
  });
  return fragmentRouter;
}

async function renderCartSection(cart: CartView, products: FeedProduct[]): Promise<string> {
  const { router, context } = await cartFragmentRouter();
  return renderToString(
    <CartSectionProps.Provider value={{ lines: cart.lines, email: cart.email ?? null, products }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </CartSectionProps.Provider>,
  );
}

/**
 * The page for a visitor with this cart, as parts (PageParts): the template with their cart section and their
 * loader data. The same template and cart give the same parts.
 */
export async function fillFees(template: FeesTemplate, cart: CartView): Promise<PageParts> {
  const fees = { ...template.fees, cart };
  const data = { ...template.data, loaderData: { ...template.data.loaderData, [FEES_ROUTE_ID]: fees } };
  const [text, section] = await Promise.all([
    textOf(encode(data, { postPlugins })),
    renderCartSection(cart, template.fees.products),
  ]);
  // The data holds the request id's placeholder (the root loader's requestId): split as the page is.
  return [
    ...template.head,
    ...pageParts(section),
    ...template.middle,
    ...pageParts(escapeHtml(JSON.stringify(text))),
    ...template.tail,
  ];
}

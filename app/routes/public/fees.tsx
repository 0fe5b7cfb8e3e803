import { Suspense, useState } from "react";
import { useLocation, type ShouldRevalidateFunction } from "react-router";
import { lazyInBrowser } from "~/ui/lazy-in-browser";
import { getDb } from "~/db/context";
import { CartSection } from "~/features/shop/cart/cart-section";
import { useFreshCart } from "~/features/shop/cart/cart-sync";
import { useLiveProducts } from "~/features/shop/catalogue/product-feed";
import { ProductCard } from "~/features/shop/catalogue/product-card";
import { handleShopAction } from "~/features/shop/shop-action.server";
import { OpenTournaments } from "~/features/shop/registration/open-tournaments";
import { registrationKindOf } from "~/features/products/registration-products";
import { ENTRIES_PATH } from "~/features/entry-changes/paths";
import { judgeFormPath } from "~/features/judges/paths";
import { REGISTER_PARAM } from "~/features/shop/shop-paths";
import { loadShopPage } from "~/features/shop/shop.server";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader } from "~/features/shell/page-header";
import { onlyDialogParamsChanged } from "~/ui/dialog-url";
import { Notice } from "~/ui/notice";
import type { Route } from "./+types/fees";

// A registration form opens from its product's link (?register=<id>, decision 0032): in the page, in the server's
// HTML, without JavaScript; in a dialog with it. Its code (the dialog, Conform, about 10 KB) loads in the browser
// only once a form is open or its link is reached for: /fees itself does not need it (decision 0021).
const RegistrationArea = lazyInBrowser(() =>
  import("~/features/shop/registration/registration-area").then((module) => module.default),
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Shopping Cart",
    description: "Tournament entry fees, judge fees, school registrations and district apparel.",
    path: "/fees",
  });

// A cart visitor's /fees is usually not rendered here: server/app.ts serves it from the page cache, with their cart
// filled in by app/features/shop/personal/fees-fill.server.tsx (decision 0030). Its shape is this loader's data, under this
// route's id (FEES_ROUTE_ID), and this page's cart section: change either and the fill must follow
// (tests/e2e/personal-pages.spec.ts compares the two byte for byte).
export async function loader({ request, context }: Route.LoaderArgs) {
  // In the HTML at once, for the no-JavaScript path (see lazyInBrowser).
  await RegistrationArea.preload();
  return loadShopPage(request, getDb(context));
}

/**
 * Opening or closing a registration form needs nothing new from the server. A refused cart change (a 4xx) reads the
 * cart again, unlike React Router's default: the page may be behind the server (stock sold meanwhile, or a saved
 * change whose reading the next change cut short), and the cart must show what is saved.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (onlyDialogParamsChanged(args, [REGISTER_PARAM])) return false;
  const refused = args.actionStatus !== undefined && args.actionStatus >= 400 && args.actionStatus < 500;
  return refused || args.defaultShouldRevalidate;
};

export async function action({ request, context }: Route.ActionArgs) {
  return handleShopAction(request, context);
}

/** The cart is the visitor's own: never stored by a shared cache. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export default function FeesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, schedule, offers, schools, registering: inPage } = loaderData;
  const products = useLiveProducts(loaderData.products);
  // The registration area is rendered (and its code loaded) once a form is open, and stays for the dialog to close.
  const { search } = useLocation();
  const open = new URLSearchParams(search).has(REGISTER_PARAM);
  const [registering, setRegistering] = useState(open);
  if (open && !registering) setRegistering(true);
  const refusal = actionData && !actionData.ok && !actionData.result ? actionData.message : null;
  // Paid in another tab: this tab's cart empties on the message or on its next focus (docs/product.md#shop-and-cart).
  useFreshCart((cart?.lines.length ?? 0) > 0);
  // Decision 0051: the tournaments open for registration lead the page, each opening this product's form.
  const entryProduct = products.find((product) => registrationKindOf(product) === "tournamentEntry") ?? null;

  return (
    <>
      <PageHeader
        eyebrow="Fees and apparel"
        title="Shopping Cart"
        lead="Pay tournament entry fees, judge fees and school registrations, and order district apparel. Your cart is kept for 30 days on this device."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:py-14">
        <div className="grid content-start gap-8">
          {refusal ? <Notice tone="error" title={refusal} /> : null}

          {registering ? (
            <Suspense fallback={null}>
              <RegistrationArea
                products={products}
                inPage={inPage}
                schedule={schedule}
                offers={offers}
                schools={schools}
                actionData={actionData}
                cartLines={cart?.lines}
              />
            </Suspense>
          ) : null}

          <OpenTournaments
            offers={offers}
            entryProductId={entryProduct?.id ?? null}
            judgeHref={judgeFormPath}
            entriesHref={ENTRIES_PATH}
          />

          <section aria-labelledby="products-title">
            <h2 id="products-title" className="text-2xl font-bold tracking-tight text-navy-900">
              Available Products
            </h2>
            {products.length === 0 ? (
              <p className="mt-4 text-stone-700">No products available at this time</p>
            ) : (
              <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
                {products.map((product) => (
                  <ProductCard key={product.id} product={product} />
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside aria-label="Cart and checkout" className="lg:sticky lg:top-24 lg:self-start">
          <CartSection lines={cart?.lines ?? []} email={cart?.email ?? null} products={products} />
        </aside>
      </div>
    </>
  );
}

import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { lazyInBrowser } from "~/core/lazy-in-browser";
import { getDb } from "~/db/context";
import type { FeedProduct } from "~/features/products/feed";
import { registrationKindOf, type RegistrationKind } from "~/features/products/registration-products";
import { CartSection } from "~/features/shop/cart-section";
import { useLiveProducts } from "~/features/shop/product-feed";
import { ProductCard } from "~/features/shop/product-card";
import { registrationTitles } from "~/features/shop/registration-rules";
import { handleShopAction } from "~/features/shop/shop-action.server";
import { loadShopPage } from "~/features/shop/shop.server";
import { pageMeta } from "~/features/site/meta";
import { PageHeader } from "~/features/site/page-header";
import { buttonVariants } from "~/ui/button";
import type { Route } from "./+types/fees";

// The dialogs (Radix dialog, the forms' schemas) load on first use, and only on /fees.
const RegistrationDialog = lazy(() =>
  import("~/features/shop/registration-dialog").then((module) => ({ default: module.RegistrationDialog })),
);
// The in-page form (?register=, the no-JavaScript path) is in the server's HTML at once, but the browser loads
// its code (Conform, about 10 KB) only on a page that shows it: /fees itself does not (decision 0013). Its Suspense
// boundary hydrates when the code arrives.
const RegistrationForm = lazyInBrowser(() => import("~/features/shop/registration-form").then((module) => module.RegistrationForm));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Shopping Cart",
    description: "Tournament entry fees, judge fees, school registrations and district apparel.",
    path: "/fees",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  // In the HTML at once, for the no-JavaScript path (see lazyInBrowser).
  await RegistrationForm.preload();
  return loadShopPage(request, getDb(context));
}

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

type Registering = { product: FeedProduct; kind: RegistrationKind };

export default function FeesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, schedule, registering: inPage } = loaderData;
  const products = useLiveProducts(loaderData.products);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Registering | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const onRegister = useCallback((product: FeedProduct, element: HTMLElement) => {
    const kind = registrationKindOf(product);
    if (!kind) return;
    trigger.current = element;
    setDialog({ product, kind });
    setOpen(true);
  }, []);
  const inPageKind = inPage ? registrationKindOf(inPage) : null;
  const refusal = actionData && !actionData.ok && !actionData.result ? actionData.message : null;

  return (
    <>
      <PageHeader
        eyebrow="Fees and apparel"
        title="Shopping Cart"
        lead="Pay tournament entry fees, judge fees and school registrations, and order district apparel. Your cart is kept for 30 days on this device."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:py-14">
        <div className="grid content-start gap-8">
          {refusal ? (
            <div role="alert" className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm font-medium text-destructive">
              {refusal}
            </div>
          ) : null}

          {inPage && inPageKind ? (
            <section id="register" aria-labelledby="register-title" className="scroll-mt-24 rounded-card border-2 border-accent bg-card p-5 shadow-sm sm:p-6">
              <h2 id="register-title" className="text-2xl font-bold text-navy-900">
                {registrationTitles[inPageKind]}
              </h2>
              <p className="mt-1 mb-5 text-stone-700">{inPage.name}: enter the registration details for this item.</p>
              <Suspense fallback={null}>
                <RegistrationForm
                  kind={inPageKind}
                  productId={inPage.id}
                  productName={inPage.name}
                  schedule={schedule}
                  lastResult={actionData && !actionData.ok ? actionData.result : undefined}
                  serverMessage={actionData && !actionData.ok ? actionData.message : undefined}
                  onAdded={() => void navigate("/fees#your-cart")}
                  cancel={
                    <Link to="/fees" className={buttonVariants({ variant: "outline", size: "lg" })}>
                      Cancel
                    </Link>
                  }
                />
              </Suspense>
            </section>
          ) : null}

          <section aria-labelledby="products-title">
            <h2 id="products-title" className="text-2xl font-bold tracking-tight text-navy-900">
              Available Products
            </h2>
            {products.length === 0 ? (
              <p className="mt-4 text-stone-700">No products available at this time</p>
            ) : (
              <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
                {products.map((product) => (
                  <ProductCard key={product.id} product={product} onRegister={onRegister} />
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside aria-label="Cart and checkout" className="lg:sticky lg:top-24 lg:self-start">
          <CartSection lines={cart?.lines ?? []} email={cart?.email ?? null} products={products} />
        </aside>
      </div>

      {dialog ? (
        <Suspense fallback={null}>
          <RegistrationDialog
            key={dialog.product.id}
            kind={dialog.kind}
            product={dialog.product}
            schedule={schedule}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger}
          />
        </Suspense>
      ) : null}
    </>
  );
}

import { ClipboardList, ShoppingCart } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { formatCents } from "~/core/format";
import type { FeedProduct } from "~/features/products/feed/feed";
import { registrationKindOf } from "~/features/products/registration-products";
import { LogoMark } from "~/features/shell/logo";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { DialogLink } from "~/ui/dialog-link";
import type { ShopActionData } from "../action-data";
import { JS_FIELD, REGISTER_PARAM } from "../shop-paths";
import { stockDisplay } from "./stock";

/**
 * One product of the shop: image (the district's emblem when none), name,
 * description, price, docs/product.md's stock display and Add to Cart. A registration
 * fee's button opens its dialog (a link to the in-page form without JavaScript).
 */
export function ProductCard({ product }: { product: FeedProduct }) {
  const stock = stockDisplay(product);
  const kind = registrationKindOf(product);
  const soldOut = stock.kind === "out";
  const titleId = `product-${product.id}-name`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-card shadow-xs"
      >
        <div className="flex aspect-[2/1] items-center justify-center bg-navy-50 sm:aspect-[4/3]">
          {product.imageUrl ? (
            <img src={product.imageUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
          ) : (
            <LogoMark className="size-14 opacity-90 sm:size-20" />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <h3 id={titleId} className="text-lg leading-snug font-bold text-navy-900">
            {product.name}
          </h3>
          {product.description ? <p className="text-sm text-stone-700">{product.description}</p> : null}
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
            <p className="text-xl font-bold text-navy-900 tabular-nums">{formatCents(product.price)}</p>
            <Badge
              variant={
                stock.kind === "out"
                  ? "danger"
                  : stock.kind === "low"
                    ? "warning"
                    : stock.kind === "unlimited"
                      ? "success"
                      : "muted"
              }
            >
              {stock.label}
            </Badge>
          </div>
          {kind ? (
            <RegisterButton product={product} soldOut={soldOut} />
          ) : (
            <AddButton product={product} soldOut={soldOut} />
          )}
        </div>
      </article>
    </li>
  );
}

/** Opens the product's registration form: a dialog, or without JavaScript the form in the page (decision 0032). */
function RegisterButton({ product, soldOut }: { product: FeedProduct; soldOut: boolean }) {
  if (soldOut) return <SoldOutButton name={product.name} />;
  return (
    <DialogLink
      param={REGISTER_PARAM}
      value={product.id}
      hash="register"
      preload={() => import("../registration/registration-area")}
      aria-label={`Add to Cart: ${product.name}`}
      className={cn(buttonVariants({ variant: "accent" }), "w-full")}
    >
      <ClipboardList aria-hidden="true" />
      Add to Cart
    </DialogLink>
  );
}

function SoldOutButton({ name }: { name: string }) {
  return (
    <Button
      type="button"
      variant="accent"
      className="w-full"
      disabled
      aria-label={`Add to Cart: ${name} (out of stock)`}
    >
      <ShoppingCart aria-hidden="true" />
      Add to Cart
    </Button>
  );
}

/** A plain product: one post adds it with quantity 1 (or one more). */
function AddButton({ product, soldOut }: { product: FeedProduct; soldOut: boolean }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ShopActionData>();
  // A cart button, not a form that opens: its one toast per answer (the page's weight keeps useActionResult out).
  const handled = useRef<ShopActionData | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    showToast(
      answer.ok ? answer.notice : { type: "error", title: "Could not add to cart", description: answer.message },
    );
  }, [fetcher.state, fetcher.data]);
  if (soldOut) return <SoldOutButton name={product.name} />;
  return (
    <fetcher.Form method="post" action="/fees">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
      <Button type="submit" variant="accent" className="w-full" aria-label={`Add to Cart: ${product.name}`}>
        <ShoppingCart aria-hidden="true" />
        Add to Cart
      </Button>
    </fetcher.Form>
  );
}

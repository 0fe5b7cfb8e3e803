import { Plus, RefreshCw } from "lucide-react";
import { useMemo } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { LinkButton } from "~/ui/link-button";
import { NoticeBox } from "~/ui/notice-box";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "~/ui/table";
import { DialogLink } from "~/ui/dialog-link";
import { UrlDialog } from "~/ui/url-dialog";
import { useActionResult } from "~/ui/use-action-result";
import { PRODUCTS_ACTION as ACTION, type AdminProductItem } from "./admin-product-item";
import type { ProductActionResult } from "./admin.server";
import { productNotices } from "./notices";
import { defaultsFromResult, defaultsOf, ProductForm } from "./product-editor";
import { NEW_PRODUCT_DEFAULTS } from "./product-form-fields";
import { SortableCard, SortableRow } from "./product-rows";
import { SortableList } from "./sortable-products";

export type { AdminProductItem } from "./admin-product-item";

/** What an answer means to the page: every answer has its notice. */
const readAnswer = (answer: ProductActionResult) => ({ ok: answer.ok, notice: answer.notice });

export function ProductManagement({
  products,
  loadFailed,
  result,
}: {
  products: AdminProductItem[];
  loadFailed: boolean;
  /** The answer of a form posted as a navigation (a row's action; any form without JavaScript). */
  result: ProductActionResult | undefined;
}) {
  const navigation = useNavigation();
  // A toast once hydrated, a notice in the page when the page came with the answer.
  const answered = useActionResult(result, { read: readAnswer, busy: navigation.state !== "idle" });
  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === ACTION && navigation.formData === undefined;

  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  // Drag order: while the reorder is on its way, the submitted order (optimistic); then the server's.
  // On failure the server's order is what shows: the list reloads (docs/product.md#4-states-and-transitions).
  const reorder = useFetcher<ProductActionResult>();
  useActionResult(reorder.data, { read: readAnswer, busy: reorder.state !== "idle" });
  const pendingOrder = reorder.formData?.getAll("ids").map(String);
  const ordered = pendingOrder
    ? pendingOrder.map((id) => byId.get(id)).filter((product): product is AdminProductItem => Boolean(product))
    : products;

  function saveOrder(ids: string[]) {
    const form = new FormData();
    form.set("intent", "reorder");
    for (const id of ids) form.append("ids", id);
    void reorder.submit(form, { method: "post", action: ACTION });
  }

  // In the page (no JavaScript, or a link followed before the scripts started) a form posts to its own address
  // (?new=1, ?edit=<id>), so a reload, or the way back from an upload over the size limit (server/body-limit.ts),
  // finds the same form; the page that comes back with its success closes it.
  const savedHere = (intent: string) => answered.ok && result?.intent === intent;
  const answerFor = (intent: string) => (result?.intent === intent && !result.ok ? result : undefined);
  const createFailure = answerFor("create");
  const updateFailure = answerFor("update");

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-navy-900">Manage Products</h1>
            <Badge variant="secondary" aria-label={`${products.length} products`}>
              {products.length}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Drag a row by its handle, or use Move up and Move down, to set the order the shop shows.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A link to the list: with JavaScript a client-side navigation, which reloads the list's data. */}
          <LinkButton to="." variant="outline" preventScrollReset>
            <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden="true" />
            Refresh
          </LinkButton>
          <DialogLink param="new" href="?new=1" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            Add Product
          </DialogLink>
        </div>
      </div>

      <NoticeBox notice={answered.notice} />
      <NoticeBox notice={loadFailed ? productNotices.loadFailed : null} />

      <UrlDialog
        param="new"
        resolve={() => (savedHere("create") ? null : NEW_PRODUCT_DEFAULTS)}
        title="Add Product"
        description="Prices in US dollars; the shop shows changes at once."
      >
        {({ close, cancel, mode }) => (
          <ProductForm
            mode="create"
            action={mode === "section" ? `${ACTION}?new=1` : ACTION}
            defaults={createFailure ? defaultsFromResult(createFailure, NEW_PRODUCT_DEFAULTS) : NEW_PRODUCT_DEFAULTS}
            result={createFailure}
            onSaved={close}
            cancel={cancel}
          />
        )}
      </UrlDialog>
      <UrlDialog
        param="edit"
        resolve={(id) => (savedHere("update") ? null : byId.get(id))}
        title="Edit Product"
        description="Prices in US dollars; the shop shows changes at once."
      >
        {({ item, close, cancel, mode }) => (
          <ProductForm
            key={item.id}
            mode="update"
            action={mode === "section" ? `${ACTION}?edit=${item.id}` : ACTION}
            defaults={updateFailure ? defaultsFromResult(updateFailure, defaultsOf(item)) : defaultsOf(item)}
            result={updateFailure}
            onSaved={close}
            cancel={cancel}
          />
        )}
      </UrlDialog>
      <UrlDialog
        param="delete"
        alert
        resolve={(id) => byId.get(id)}
        title={(item) => `Delete ${item.name}?`}
        description={<DeleteConsequence />}
      >
        {({ item, cancel }) => (
          // Posts to the list: once done, the confirmation's parameter is gone from the address.
          <Form
            method="post"
            action={ACTION}
            preventScrollReset
            className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          >
            <input type="hidden" name="id" value={item.id} />
            {cancel}
            <Button type="submit" name="intent" value="delete" variant="destructive">
              Delete
            </Button>
          </Form>
        )}
      </UrlDialog>

      {products.length === 0 && !loadFailed ? (
        <div className="grid justify-items-center gap-3 rounded-card border border-dashed border-border bg-card p-10 text-center">
          <p className="text-lg font-semibold">No products found</p>
          <DialogLink param="new" href="?new=1" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            Add Your First Product
          </DialogLink>
        </div>
      ) : null}

      {ordered.length > 0 ? (
        <>
          {/* Phones and tablets: one card per product. */}
          <SortableList id="products-cards-dnd" products={ordered} onReorder={saveOrder}>
            <ul className="grid gap-3 lg:hidden" aria-label="Products">
              {ordered.map((product, index) => (
                <SortableCard key={product.id} product={product} index={index} count={ordered.length} />
              ))}
            </ul>
          </SortableList>

          {/* min-w-0: a grid item is otherwise as wide as the table's narrowest layout, and the whole page
              scrolled sideways at 1024-1280 px; this way only the table scrolls, inside its own box. */}
          <div className="hidden min-w-0 lg:block">
            <SortableList id="products-table-dnd" products={ordered} onReorder={saveOrder}>
              {/* Narrower than 1536 px (with the Registration column, decision 0027) the cells are tighter and the actions
                  stack, so the table fits beside the sidebar. */}
              <Table className="max-2xl:[&_td]:px-2 max-2xl:[&_th]:px-2">
                <caption className="sr-only">Products, in the order the shop shows them</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-10">
                      <span className="sr-only">Order</span>
                    </TableHead>
                    <TableHead>Product</TableHead>
                    <TableHead>Category</TableHead>
                    <TableHead>Registration</TableHead>
                    <TableHead className="text-right">Price</TableHead>
                    <TableHead>Stock</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {ordered.map((product, index) => (
                    <SortableRow key={product.id} product={product} index={index} count={ordered.length} />
                  ))}
                </TableBody>
              </Table>
            </SortableList>
          </div>
        </>
      ) : null}
    </div>
  );
}

/** What deleting a product does, said in its confirmation. */
function DeleteConsequence() {
  return (
    <span className="block text-sm text-muted-foreground">
      This action cannot be undone. The product leaves the shop at once; orders that include it keep their item name and
      amount.
    </span>
  );
}

import { Plus, RefreshCw } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";
import { NoticeBox } from "~/features/accounts/form-parts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardHeader, CardTitle } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { LinkButton } from "~/ui/link-button";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "~/ui/table";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { PRODUCTS_ACTION as ACTION, type AdminProductItem } from "./admin-product-item";
import type { ProductActionResult } from "./admin.server";
import { productNotices } from "./notices";
import { defaultsFromResult, defaultsOf, ProductForm } from "./product-editor";
import { NEW_PRODUCT_DEFAULTS } from "./product-form-fields";
import { SortableCard, SortableRow } from "./product-rows";
import { SortableList } from "./sortable-products";

export type { AdminProductItem } from "./admin-product-item";

export function ProductManagement({
  products,
  loadFailed,
  addOpen: addOpenWithoutJs,
  editId,
  deleteId,
  result,
}: {
  products: AdminProductItem[];
  loadFailed: boolean;
  addOpen: boolean;
  editId: string | null;
  deleteId: string | null;
  result: ProductActionResult | undefined;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<{ mode: "create" } | { mode: "update"; product: AdminProductItem } | null>(null);
  const [deleting, setDeleting] = useState<AdminProductItem | null>(null);

  // Row actions post as navigations: a toast once hydrated, a notice in the page without JavaScript.
  useEffect(() => {
    if (result) showToast(result.notice);
  }, [result]);
  const inlineNotice = hydrated ? null : (result?.notice ?? null);

  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  // Drag order: while the reorder is on its way, the submitted order (optimistic); then the server's.
  // On failure the server's order is what shows: the list reloads (SPEC.md section 4).
  const reorder = useFetcher<ProductActionResult>({ key: "product-reorder" });
  const pendingOrder = reorder.formData?.getAll("ids").map(String);
  const ordered = pendingOrder
    ? pendingOrder.map((id) => byId.get(id)).filter((product): product is AdminProductItem => Boolean(product))
    : products;
  useEffect(() => {
    if (reorder.data) showToast(reorder.data.notice);
  }, [reorder.data]);

  function saveOrder(ids: string[]) {
    const form = new FormData();
    form.set("intent", "reorder");
    for (const id of ids) form.append("ids", id);
    void reorder.submit(form, { method: "post", action: ACTION });
  }

  // Without JavaScript the open form is in the address (?new=1, ?edit=<id>) and its post keeps it there, so a
  // reload, or the way back from an upload over the size limit (server/body-limit.ts), finds the same form.
  // A successful save closes it.
  const saved = (intent: string) => result?.intent === intent && result.ok;
  const noJsEdit =
    !hydrated && !saved("update")
      ? (editId ? byId.get(editId) : undefined) ??
        (result && !result.ok && result.intent === "update" && result.values?.id ? byId.get(result.values.id) : undefined)
      : undefined;
  const noJsAdd = !hydrated && !saved("create") && (addOpenWithoutJs || (result?.intent === "create" && !result.ok));
  const noJsDelete = !hydrated && deleteId ? byId.get(deleteId) : undefined;

  const openAdd = (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setDialog({ mode: "create" });
  };

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
          <LinkButton
            to="."
            variant="outline"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              void revalidator.revalidate();
            }}
          >
            <RefreshCw className={cn(revalidator.state === "loading" && "animate-spin")} aria-hidden="true" />
            Refresh
          </LinkButton>
          <LinkButton to="?new=1" onClick={openAdd}>
            <Plus aria-hidden="true" />
            Add Product
          </LinkButton>
        </div>
      </div>

      <NoticeBox notice={inlineNotice} />
      <NoticeBox notice={loadFailed ? productNotices.loadFailed : null} />

      {noJsAdd ? (
        <Card>
          <CardHeader>
            <CardTitle>Add Product</CardTitle>
          </CardHeader>
          <div className="px-6 pb-6">
            <ProductForm
              mode="create"
              action={`${ACTION}?new=1`}
              defaults={result?.intent === "create" ? defaultsFromResult(result, NEW_PRODUCT_DEFAULTS) : NEW_PRODUCT_DEFAULTS}
              result={result?.intent === "create" ? result : undefined}
            />
          </div>
        </Card>
      ) : null}
      {noJsEdit ? (
        <Card>
          <CardHeader>
            <CardTitle>Edit Product</CardTitle>
          </CardHeader>
          <div className="px-6 pb-6">
            <ProductForm
              mode="update"
              action={`${ACTION}?edit=${noJsEdit.id}`}
              defaults={result?.intent === "update" ? defaultsFromResult(result, defaultsOf(noJsEdit)) : defaultsOf(noJsEdit)}
              result={result?.intent === "update" ? result : undefined}
            />
          </div>
        </Card>
      ) : null}
      {noJsDelete ? (
        <Card role="alertdialog" aria-labelledby="confirm-delete-title" className="grid gap-3 p-6">
          <CardTitle id="confirm-delete-title">Delete {noJsDelete.name}?</CardTitle>
          <DeleteConsequence />
          <Form method="post" action={ACTION} className="flex flex-wrap gap-2">
            <input type="hidden" name="id" value={noJsDelete.id} />
            <Button type="submit" name="intent" value="delete" variant="destructive">
              Delete
            </Button>
            <LinkButton to="." variant="outline">
              Cancel
            </LinkButton>
          </Form>
        </Card>
      ) : null}

      {products.length === 0 && !loadFailed ? (
        <div className="grid justify-items-center gap-3 rounded-card border border-dashed border-border bg-card p-10 text-center">
          <p className="text-lg font-semibold">No products found</p>
          <LinkButton to="?new=1" onClick={openAdd}>
            <Plus aria-hidden="true" />
            Add Your First Product
          </LinkButton>
        </div>
      ) : null}

      {ordered.length > 0 ? (
        <>
          {/* Phones and tablets: one card per product. */}
          <SortableList id="products-cards-dnd" products={ordered} onReorder={saveOrder}>
            <ul className="grid gap-3 lg:hidden" aria-label="Products">
              {ordered.map((product, index) => (
                <SortableCard
                  key={product.id}
                  product={product}
                  index={index}
                  count={ordered.length}
                  onEdit={() => setDialog({ mode: "update", product })}
                  onDelete={() => setDeleting(product)}
                  hydrated={hydrated}
                />
              ))}
            </ul>
          </SortableList>

          {/* min-w-0: a grid item is otherwise as wide as the table's narrowest layout, and the whole page
              scrolled sideways at 1024-1280 px; this way only the table scrolls, inside its own box. */}
          <div className="hidden min-w-0 lg:block">
            <SortableList id="products-table-dnd" products={ordered} onReorder={saveOrder}>
              {/* Narrower than 1536 px (with the Registration column, issue 27) the cells are tighter and the actions
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
                    <SortableRow
                      key={product.id}
                      product={product}
                      index={index}
                      count={ordered.length}
                      onEdit={() => setDialog({ mode: "update", product })}
                      onDelete={() => setDeleting(product)}
                      hydrated={hydrated}
                    />
                  ))}
                </TableBody>
              </Table>
            </SortableList>
          </div>
        </>
      ) : null}

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? null : setDialog(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{dialog?.mode === "update" ? "Edit Product" : "Add Product"}</DialogTitle>
            <DialogDescription>Prices in US dollars; the shop shows changes at once.</DialogDescription>
          </DialogHeader>
          {dialog ? (
            <ProductForm
              key={dialog.mode === "update" ? dialog.product.id : "new"}
              mode={dialog.mode}
              defaults={dialog.mode === "update" ? defaultsOf(dialog.product) : NEW_PRODUCT_DEFAULTS}
              onSaved={() => setDialog(null)}
              onCancel={() => setDialog(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? null : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete {deleting?.name}?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>
              <DeleteConsequence />
            </div>
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Form method="post" action={ACTION} preventScrollReset onSubmit={() => setDeleting(null)}>
              <input type="hidden" name="id" value={deleting?.id ?? ""} />
              <Button type="submit" name="intent" value="delete" variant="destructive" className="w-full">
                Delete
              </Button>
            </Form>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function DeleteConsequence() {
  return (
    <p className="text-sm text-muted-foreground">
      This action cannot be undone. The product leaves the shop at once; orders that include it keep their item name and
      amount.
    </p>
  );
}

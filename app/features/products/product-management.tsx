import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useFetcher, useNavigation, useRevalidator } from "react-router";
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
import { Spinner } from "~/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import type { ProductActionResult } from "./admin.server";
import { productNotices } from "./notices";
import { NEW_PRODUCT_DEFAULTS, ProductFormFields, type ProductFormDefaults } from "./product-form-fields";
import type { stockDisplay } from "./product-form";
import type { ProductImageSources } from "./product-image";
import { parseProductRegistrationKind, registrationKindLabels, type ProductRegistrationKind } from "./registration-products";

export type AdminProductItem = {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  price: string;
  /** Why this price cannot be charged on its own (decision 0025), or null. */
  priceNote?: string | null;
  priceInput: string;
  stock: ReturnType<typeof stockDisplay>;
  stockCount: number | null;
  unlimitedStock: boolean;
  isActive: boolean;
  created: string;
  imageUrl: string | null;
  image: ProductImageSources;
  registrationKind: ProductRegistrationKind;
};

const ACTION = "/admin/products";

function defaultsOf(product: AdminProductItem): ProductFormDefaults {
  return {
    id: product.id,
    name: product.name,
    description: product.description ?? "",
    price: product.priceInput,
    category: product.category ?? "",
    unlimitedStock: product.unlimitedStock,
    stockCount: String(product.stockCount ?? 0),
    imageUrl: product.imageUrl ?? "",
    registrationKind: product.registrationKind,
    stockLoaded: product.unlimitedStock ? "unlimited" : String(product.stockCount ?? 0),
  };
}

/** What a failed save typed, so the form comes back as it was sent. */
function defaultsFromResult(result: ProductActionResult, fallback: ProductFormDefaults): ProductFormDefaults {
  const values = result.values ?? {};
  return {
    ...fallback,
    name: values.name ?? fallback.name,
    description: values.description ?? fallback.description,
    price: values.price ?? fallback.price,
    category: values.category ?? fallback.category,
    unlimitedStock: values.unlimitedStock === "on",
    stockCount: values.stockCount ?? fallback.stockCount,
    registrationKind: parseProductRegistrationKind(values.registrationKind ?? fallback.registrationKind) ?? fallback.registrationKind,
    stockLoaded: values.stockLoaded ?? fallback.stockLoaded,
  };
}

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
  // On failure the server's order is what shows: the list reloads (docs/product.md#4-states-and-transitions).
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

/** Add or edit: a fetcher once hydrated (the dialog closes on success), a plain form post without JavaScript. */
function ProductForm({
  mode,
  action = ACTION,
  defaults,
  result,
  onSaved,
  onCancel,
}: {
  mode: "create" | "update";
  /** Where it posts: the page, or without JavaScript the page with its form open. */
  action?: string;
  defaults: ProductFormDefaults;
  result?: ProductActionResult;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  // No key: a fresh fetcher per opened dialog, so an old answer never closes a new one.
  const fetcher = useFetcher<ProductActionResult>();
  // Each answer is handled once: a toast, and on success the dialog closes.
  useEffect(() => {
    if (!fetcher.data) return;
    showToast(fetcher.data.notice);
    if (fetcher.data.ok) onSaved?.();
    // Once per answer: onSaved changes identity on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  const latest = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const errors = (latest ?? result)?.fieldErrors;
  const busy = fetcher.state !== "idle";
  const failed = latest ?? (result && !result.ok ? result : undefined);
  const formError = failed && !failed.fieldErrors ? failed.notice : null;

  return (
    <fetcher.Form method="post" action={action} encType="multipart/form-data" className="grid min-w-0 gap-4" noValidate={false}>
      <NoticeBox notice={formError} />
      {/* A stale stock figure (409) comes back with the current one: saving again applies it (decision 0025). */}
      <ProductFormFields defaults={latest?.values?.stockLoaded ? { ...defaults, stockLoaded: latest.values.stockLoaded } : defaults} errors={errors} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <LinkButton to="." variant="outline">
            Cancel
          </LinkButton>
        )}
        <Button type="submit" name="intent" value={mode} disabled={busy}>
          {busy ? <Spinner /> : null}
          {mode === "create" ? "Add Product" : "Save Changes"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function SortableList({
  id,
  products,
  onReorder,
  children,
}: {
  id: string;
  products: AdminProductItem[];
  onReorder: (ids: string[]) => void;
  children: React.ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = products.map((product) => product.id);
  const nameOf = (itemId: string | number) => products.find((product) => product.id === itemId)?.name ?? "product";
  const positionOf = (itemId: string | number) => ids.indexOf(String(itemId)) + 1;
  // dnd-kit fires onDragOver right after onDragStart (the picked-up item is over itself), and its live
  // region keeps only the latest message: announcing that "move" replaced "Picked up …" before a screen
  // reader could read it. So a move is announced only when the item is over a different place than last time.
  const lastOver = useRef<string | number | null>(null);
  // Screen readers hear the product's name and its place, not an internal id.
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === lastOver.current) return undefined;
      lastOver.current = overId;
      return over
        ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} went back to position ${positionOf(active.id)}.`,
  };
  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      autoScroll={{ interval: 5, threshold: { x: 0.2, y: 0.2 } }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space or Enter to pick the product up, use the arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

type ItemProps = {
  product: AdminProductItem;
  index: number;
  count: number;
  hydrated: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

type Handle = Pick<ReturnType<typeof useSortable>, "attributes" | "listeners" | "setActivatorNodeRef">;

function DragHandle({ product, handle }: { product: AdminProductItem; handle: Handle }) {
  const { attributes, listeners, setActivatorNodeRef } = handle;
  return (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${product.name}`}
      className="inline-flex size-9 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <GripVertical className="size-5" aria-hidden="true" />
    </button>
  );
}

function ProductIdentity({ product }: { product: AdminProductItem }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <img
        src={product.image.src}
        srcSet={product.image.srcSet}
        sizes="48px"
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="size-12 shrink-0 rounded-md border border-border bg-muted object-cover"
      />
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium" data-testid="product-name">
          {product.name}
        </span>
        {product.description ? <span className="line-clamp-2 text-sm text-muted-foreground">{product.description}</span> : null}
      </div>
    </div>
  );
}

function StockLabel({ product, className }: { product: AdminProductItem; className?: string }) {
  const variant = product.stock.tone === "out" ? "danger" : product.stock.tone === "warning" ? "warning" : product.stock.tone === "unlimited" ? "muted" : "outline";
  return (
    <Badge variant={variant} className={className}>
      {product.stock.label}
    </Badge>
  );
}

function StatusLabel({ product }: { product: AdminProductItem }) {
  return <Badge variant={product.isActive ? "success" : "muted"}>{product.isActive ? "Active" : "Inactive"}</Badge>;
}

/** Toggle, Move up/down, Edit, Delete: each a real form or link, so all work without JavaScript. */
function RowActions({ product, index, count, hydrated, onEdit, onDelete, className }: ItemProps & { className?: string }) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === product.id;
  return (
    <div className={cn("flex items-center gap-1", className ?? "flex-wrap")}>
      <Form method="post" action={ACTION} preventScrollReset className="contents">
        <input type="hidden" name="id" value={product.id} />
        <input type="hidden" name="intent" value="move" />
        <Button
          type="submit"
          name="direction"
          value="up"
          variant="ghost"
          size="icon-sm"
          disabled={index === 0}
          aria-label={`Move ${product.name} up`}
          title="Move up"
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          type="submit"
          name="direction"
          value="down"
          variant="ghost"
          size="icon-sm"
          disabled={index === count - 1}
          aria-label={`Move ${product.name} down`}
          title="Move down"
        >
          <ArrowDown aria-hidden="true" />
        </Button>
      </Form>
      <Form method="post" action={ACTION} preventScrollReset className="contents">
        <input type="hidden" name="id" value={product.id} />
        <Button
          type="submit"
          name="intent"
          value="toggle"
          variant="ghost"
          size="icon-sm"
          aria-label={`${product.isActive ? "Deactivate" : "Activate"} ${product.name}`}
          title={product.isActive ? "Active: visible in store. Click to hide." : "Inactive: hidden. Click to show in store."}
          disabled={busy("toggle")}
        >
          {product.isActive ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
        </Button>
      </Form>
      <LinkButton
        to={`?edit=${product.id}`}
        variant="ghost"
        size="icon-sm"
        aria-label={`Edit ${product.name}`}
        title="Edit"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onEdit();
        }}
      >
        <Pencil aria-hidden="true" />
      </LinkButton>
      <LinkButton
        to={`?delete=${product.id}`}
        variant="ghost"
        size="icon-sm"
        aria-label={`Delete ${product.name}`}
        title="Delete"
        className="text-destructive"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onDelete();
        }}
      >
        <Trash2 aria-hidden="true" />
      </LinkButton>
    </div>
  );
}

function SortableRow(props: ItemProps) {
  const { product } = props;
  const { attributes, listeners, setActivatorNodeRef, setNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
  });
  return (
    <TableRow
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="product-row"
      className={cn(isDragging && "relative z-10 bg-muted shadow-lg")}
    >
      <TableCell>
        <DragHandle product={product} handle={{ attributes, listeners, setActivatorNodeRef }} />
      </TableCell>
      <TableCell className="max-w-sm">
        <ProductIdentity product={product} />
      </TableCell>
      <TableCell className="capitalize">{product.category ?? "—"}</TableCell>
      <TableCell>{registrationKindLabels[product.registrationKind]}</TableCell>
      <TableCell className="text-right tabular-nums">
        {product.price}
        {product.priceNote ? <small className="block max-w-32 text-xs whitespace-normal text-destructive">{product.priceNote}</small> : null}
      </TableCell>
      <TableCell>
        {/* "Unlimited Stock Available" may take two lines rather than widen the table. */}
        <StockLabel product={product} className="whitespace-normal" />
      </TableCell>
      <TableCell>
        <StatusLabel product={product} />
      </TableCell>
      <TableCell className="tabular-nums xl:whitespace-nowrap">{product.created}</TableCell>
      <TableCell>
        <RowActions {...props} className="justify-end max-2xl:grid max-2xl:grid-cols-[repeat(2,auto)] 2xl:flex-nowrap" />
      </TableCell>
    </TableRow>
  );
}

function SortableCard(props: ItemProps) {
  const { product } = props;
  const { attributes, listeners, setActivatorNodeRef, setNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="product-card"
      className={cn("grid gap-3 rounded-card border border-border bg-card p-4", isDragging && "relative z-10 shadow-lg")}
    >
      <div className="flex items-start gap-2">
        <DragHandle product={product} handle={{ attributes, listeners, setActivatorNodeRef }} />
        <ProductIdentity product={product} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="tabular-nums">
            {product.price}
            {product.priceNote ? <small className="block text-xs text-destructive">{product.priceNote}</small> : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Category</dt>
          <dd className="capitalize">{product.category ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Registration</dt>
          <dd>{registrationKindLabels[product.registrationKind]}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Stock</dt>
          <dd>
            <StockLabel product={product} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <StatusLabel product={product} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Created</dt>
          <dd className="tabular-nums">{product.created}</dd>
        </div>
      </dl>
      <RowActions {...props} />
    </li>
  );
}

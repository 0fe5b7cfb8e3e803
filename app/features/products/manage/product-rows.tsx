import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import { TableCell, TableRow } from "~/ui/table";
import type { AdminProductItem } from "./admin-product-item";
import { RowActions, type RowActionProps } from "./product-row-actions";
import { registrationKindLabels } from "../registration-products";

/** One product in the sortable list: a table row on wide screens, a card on phones and tablets. */
type ItemProps = RowActionProps;

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
        {product.description ? (
          <span className="line-clamp-2 text-sm text-muted-foreground">{product.description}</span>
        ) : null}
      </div>
    </div>
  );
}

function StockLabel({ product, className }: { product: AdminProductItem; className?: string }) {
  const variant =
    product.stock.tone === "out"
      ? "danger"
      : product.stock.tone === "warning"
        ? "warning"
        : product.stock.tone === "unlimited"
          ? "muted"
          : "outline";
  return (
    <Badge variant={variant} className={className}>
      {product.stock.label}
    </Badge>
  );
}

function StatusLabel({ product }: { product: AdminProductItem }) {
  return <Badge variant={product.isActive ? "success" : "muted"}>{product.isActive ? "Active" : "Inactive"}</Badge>;
}

export function SortableRow(props: ItemProps) {
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
        {product.priceNote ? (
          <small className="block max-w-32 text-xs whitespace-normal text-destructive">{product.priceNote}</small>
        ) : null}
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
        <RowActions
          {...props}
          className="justify-end max-2xl:grid max-2xl:grid-cols-[repeat(2,auto)] 2xl:flex-nowrap"
        />
      </TableCell>
    </TableRow>
  );
}

export function SortableCard(props: ItemProps) {
  const { product } = props;
  const { attributes, listeners, setActivatorNodeRef, setNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="product-card"
      className={cn(
        "grid gap-3 rounded-card border border-border bg-card p-4",
        isDragging && "relative z-10 shadow-lg",
      )}
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

import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { DialogLink } from "~/ui/dialog-link";
import { PRODUCTS_ACTION as ACTION, type AdminProductItem } from "./admin-product-item";

export type RowActionProps = {
  product: AdminProductItem;
  index: number;
  count: number;
};

/**
 * Toggle, Move up/down, Edit, Delete: each a real form or link, so all work without JavaScript. Edit and Delete
 * open their dialogs by the page's parameters (?edit=<id>, ?delete=<id>).
 */
export function RowActions({ product, index, count, className }: RowActionProps & { className?: string }) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("id") === product.id;
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
          title={
            product.isActive ? "Active: visible in store. Click to hide." : "Inactive: hidden. Click to show in store."
          }
          disabled={busy("toggle")}
        >
          {product.isActive ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
        </Button>
      </Form>
      <DialogLink
        param="edit"
        value={product.id}
        href={`?edit=${product.id}`}
        className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
        aria-label={`Edit ${product.name}`}
        title="Edit"
      >
        <Pencil aria-hidden="true" />
      </DialogLink>
      <DialogLink
        param="delete"
        value={product.id}
        href={`?delete=${product.id}`}
        className={buttonVariants({ variant: "ghost", size: "icon-sm", className: "text-destructive" })}
        aria-label={`Delete ${product.name}`}
        title="Delete"
      >
        <Trash2 aria-hidden="true" />
      </DialogLink>
    </div>
  );
}

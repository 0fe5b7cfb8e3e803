import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { ImagePlus, X } from "lucide-react";
import { useRef, useState } from "react";
import { MAX_IMAGE_BYTES } from "~/core/upload-limits";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Checkbox } from "~/ui/checkbox";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Select } from "~/ui/select";
import { Textarea } from "~/ui/textarea";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { productNotices, type ProductNotice } from "./notices";
import type { ProductInput } from "./product-schema";
import {
  PRODUCT_REGISTRATION_KINDS,
  registrationKindLabels,
  type ProductRegistrationKind,
} from "../registration-products";
import { productImageSources } from "../images/product-image";

/** The values a form starts from: a product being edited, or a new product's defaults. */
export type ProductFormDefaults = {
  id?: string;
  name: string;
  description: string;
  price: string;
  category: string;
  unlimitedStock: boolean;
  stockCount: string;
  imageUrl: string;
  registrationKind: ProductRegistrationKind;
  /** The stock as the edit form was loaded ("unlimited" or the count): the server applies a stock change against it. */
  stockLoaded?: string;
};

export const NEW_PRODUCT_DEFAULTS: ProductFormDefaults = {
  name: "",
  description: "",
  price: "",
  category: "apparel",
  unlimitedStock: true,
  stockCount: "0",
  imageUrl: "",
  registrationKind: "none",
};

/** The notice for a file the form refuses before sending it (type, 5 MB), or null. */
export function imageFileProblem(file: Pick<File, "type" | "size">): ProductNotice | null {
  if (!file.type.startsWith("image/")) return productNotices.invalidFileType;
  if (file.size > MAX_IMAGE_BYTES) return productNotices.fileTooLarge;
  return null;
}

/** The form's Conform fields: the schema's, and the image file (checked by the server alone). */
export type ProductFields = { [Name in keyof ProductInput]-?: FieldMetadata<ProductInput[Name]> } & {
  image: FieldMetadata<unknown>;
};

/** The values Conform starts a form from. */
export function productInitialValue(defaults: ProductFormDefaults): Record<string, string | undefined> {
  return {
    name: defaults.name,
    description: defaults.description,
    price: defaults.price,
    category: defaults.category,
    unlimitedStock: defaults.unlimitedStock ? "on" : undefined,
    stockCount: defaults.stockCount,
    registrationKind: defaults.registrationKind,
  };
}

/**
 * The Add/Edit fields, bound to Conform: each message sits under its field,
 * which points at it (aria-invalid, aria-describedby). Posts as
 * multipart/form-data, so it works without JavaScript; with it, the image can
 * also be dropped onto the form and is checked (type, 5 MB) before it is sent.
 * The server checks again by its bytes.
 */
export function ProductFormFields({
  defaults,
  fields,
  stockLoaded,
}: {
  defaults: ProductFormDefaults;
  fields: ProductFields;
  /** The stock the server applies a change against (defaults.stockLoaded, or the figure a 409 came back with). */
  stockLoaded?: string;
}) {
  const hydrated = useHydrated();
  const [unlimited, setUnlimited] = useState(defaults.unlimitedStock);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [chosen, setChosen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const current = productImageSources(defaults.imageUrl || null);

  function showPreview(file: File | null) {
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return file ? URL.createObjectURL(file) : null;
    });
  }

  /*
   * A refused file stays chosen and marks the input invalid, so the browser
   * will not submit the form (docs/product.md#8-error-and-notice-texts: an image failure aborts the
   * save) until it is removed or replaced. Clearing it instead would quietly
   * save the product without the picture the person meant to add.
   */
  function accept(files: FileList | null) {
    const file = files?.[0] ?? null;
    const notice = file ? imageFileProblem(file) : null;
    const message = notice ? `${notice.title}: ${notice.description}` : null;
    fileInput.current?.setCustomValidity(message ?? "");
    setImageError(message);
    setChosen(file !== null);
    showPreview(notice ? null : file);
    if (notice) showToast(notice);
  }

  function removeChosen() {
    if (fileInput.current) fileInput.current.value = "";
    accept(null);
    fileInput.current?.focus();
  }

  const imageMessage = imageError ?? fields.image.errors?.[0] ?? null;
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description);
  const { key: priceKey, ...priceProps } = getInputProps(fields.price, { type: "number" });
  const { key: categoryKey, ...categoryProps } = getInputProps(fields.category, { type: "text" });
  const { key: kindKey, ...kindProps } = getSelectProps(fields.registrationKind, {
    ariaDescribedBy: `${fields.registrationKind.id}-help`,
  });
  const {
    key: unlimitedKey,
    type: _checkbox,
    ...unlimitedProps
  } = getInputProps(fields.unlimitedStock, { type: "checkbox" });
  const { key: stockKey, ...stockProps } = getInputProps(fields.stockCount, {
    type: "number",
    ariaDescribedBy: `${fields.stockCount.id}-hint`,
  });
  const imageUrlId = fields.imageUrl.id;

  return (
    <div className="grid gap-4">
      {defaults.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      {stockLoaded !== undefined ? <input type="hidden" name="stockLoaded" value={stockLoaded} /> : null}
      <Field>
        <FieldLabel htmlFor={fields.name.id} required>
          Name
        </FieldLabel>
        <Input key={nameKey} {...nameProps} required maxLength={200} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </Field>
      <Field>
        <FieldLabel htmlFor={fields.description.id}>Description</FieldLabel>
        <Textarea key={descriptionKey} {...descriptionProps} rows={3} maxLength={2000} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <FieldLabel htmlFor={fields.price.id} required>
            Price (USD)
          </FieldLabel>
          <Input key={priceKey} {...priceProps} inputMode="decimal" step="0.01" min="0" required />
          <FieldError id={fields.price.errorId} errors={fields.price.errors} />
        </Field>
        <Field>
          <FieldLabel htmlFor={fields.category.id}>Category</FieldLabel>
          <Input key={categoryKey} {...categoryProps} maxLength={60} list={`${fields.category.id}-list`} />
          <datalist id={`${fields.category.id}-list`}>
            <option value="apparel">apparel</option>
            <option value="fees">fees</option>
          </datalist>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </Field>
      </div>
      <Field>
        <FieldLabel htmlFor={fields.registrationKind.id}>Registration form</FieldLabel>
        <Select key={kindKey} {...kindProps}>
          {PRODUCT_REGISTRATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind === "none" ? "None (a plain product)" : registrationKindLabels[kind]}
            </option>
          ))}
        </Select>
        <FieldDescription id={`${fields.registrationKind.id}-help`}>
          What Add to Cart asks for before the item goes in the cart. Renaming the product never changes it.
        </FieldDescription>
        <FieldError id={fields.registrationKind.errorId} errors={fields.registrationKind.errors} />
      </Field>
      <div className="grid gap-3 rounded-lg border border-border p-3">
        <label htmlFor={fields.unlimitedStock.id} className="flex min-h-6 items-center gap-3 text-sm font-medium">
          <Checkbox
            key={unlimitedKey}
            {...unlimitedProps}
            onChange={(event) => setUnlimited(event.currentTarget.checked)}
          />
          Unlimited stock
        </label>
        <Field>
          <FieldLabel htmlFor={fields.stockCount.id} required={!unlimited}>
            Stock count
          </FieldLabel>
          <Input
            key={stockKey}
            {...stockProps}
            inputMode="numeric"
            step="1"
            min="0"
            // Only JavaScript can enable it again, so the server never renders it disabled: without
            // JavaScript the count can be typed after unticking, and is ignored while unlimited is on.
            disabled={hydrated && unlimited}
            required={!unlimited}
          />
          <FieldDescription id={`${fields.stockCount.id}-hint`}>Ignored while unlimited stock is on.</FieldDescription>
          <FieldError id={fields.stockCount.errorId} errors={fields.stockCount.errors} />
        </Field>
      </div>
      <Field>
        <FieldLabel htmlFor={fields.image.id}>Image</FieldLabel>
        <div
          data-testid="image-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            if (fileInput.current && event.dataTransfer.files.length > 0) {
              fileInput.current.files = event.dataTransfer.files;
              accept(event.dataTransfer.files);
            }
          }}
          className={cn(
            "flex items-center gap-3 rounded-lg border border-dashed border-input p-3",
            dragging && "border-navy-700 bg-muted",
          )}
        >
          <img
            src={preview ?? current.src}
            srcSet={preview ? undefined : current.srcSet}
            sizes="64px"
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-md border border-border bg-muted object-cover"
          />
          <div className="grid min-w-0 flex-1 gap-1 text-sm">
            <span className="flex items-center gap-1 font-medium">
              <ImagePlus className="size-4" aria-hidden="true" /> Choose a file or drop it here
            </span>
            <input
              ref={fileInput}
              id={fields.image.id}
              name={fields.image.name}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
              onChange={(event) => accept(event.currentTarget.files)}
              aria-invalid={imageMessage ? true : undefined}
              aria-describedby={
                imageMessage ? `${fields.image.errorId} ${fields.image.id}-hint` : `${fields.image.id}-hint`
              }
              className="w-full min-w-0 text-sm file:mr-3 file:min-h-9 file:rounded-md file:border file:border-input file:bg-card file:px-3"
            />
            {chosen ? (
              <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={removeChosen}>
                <X aria-hidden="true" />
                Remove the chosen file
              </Button>
            ) : null}
          </div>
        </div>
        <FieldDescription id={`${fields.image.id}-hint`}>JPG, PNG, GIF, WebP or AVIF, up to 5 MB.</FieldDescription>
        <FieldError id={fields.image.errorId} errors={imageMessage} />
        {defaults.imageUrl ? (
          <label htmlFor={`${fields.image.id}-remove`} className="flex min-h-6 items-center gap-3 text-sm">
            <Checkbox id={`${fields.image.id}-remove`} name="removeImage" /> Remove the current image (the district logo
            is shown instead)
          </label>
        ) : null}
      </Field>
      <Field>
        <FieldLabel htmlFor={imageUrlId}>Or image URL</FieldLabel>
        <Input
          id={imageUrlId}
          name={fields.imageUrl.name}
          type="url"
          pattern="https://.*"
          placeholder="https://"
          aria-describedby={`${imageUrlId}-hint`}
        />
        <FieldDescription id={`${imageUrlId}-hint`}>
          An https address; the server fetches the picture once and keeps its own copy.
        </FieldDescription>
      </Field>
    </div>
  );
}

import { ImagePlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
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
import type { ProductFieldErrors } from "./product-form";
import { PRODUCT_REGISTRATION_KINDS, registrationKindLabels, type ProductRegistrationKind } from "./registration-products";
import { productImageSources } from "./product-image";

/** The values a form starts from: a product being edited, or docs/product.md's defaults. */
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

const MAX_BYTES = 5 * 1024 * 1024;

/** The notice for a file the form refuses before sending it (type, 5 MB), or null. */
export function imageFileProblem(file: Pick<File, "type" | "size">): ProductNotice | null {
  if (!file.type.startsWith("image/")) return productNotices.invalidFileType;
  if (file.size > MAX_BYTES) return productNotices.fileTooLarge;
  return null;
}

/**
 * The Add/Edit fields. Posts as multipart/form-data, so it works without
 * JavaScript; with it, the image can also be dropped onto the form and is
 * checked (type, 5 MB) before it is sent. The server checks again by its bytes.
 */
export function ProductFormFields({
  defaults,
  errors,
}: {
  defaults: ProductFormDefaults;
  errors?: ProductFieldErrors;
}) {
  const id = useId();
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

  const fieldError = (name: keyof ProductFieldErrors) => errors?.[name] ?? null;
  const imageMessage = imageError ?? fieldError("image");
  const described = (name: keyof ProductFieldErrors) => (fieldError(name) ? `${id}-${name}-error` : undefined);

  return (
    <div className="grid gap-4">
      {defaults.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      {defaults.stockLoaded !== undefined ? <input type="hidden" name="stockLoaded" value={defaults.stockLoaded} /> : null}
      <Field>
        <FieldLabel htmlFor={`${id}-name`} required>
          Name
        </FieldLabel>
        <Input
          id={`${id}-name`}
          name="name"
          defaultValue={defaults.name}
          required
          maxLength={200}
          aria-invalid={fieldError("name") ? true : undefined}
          aria-describedby={described("name")}
        />
        <FieldError id={`${id}-name-error`} errors={fieldError("name")} />
      </Field>
      <Field>
        <FieldLabel htmlFor={`${id}-description`}>Description</FieldLabel>
        <Textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          maxLength={2000}
          defaultValue={defaults.description}
          aria-invalid={fieldError("description") ? true : undefined}
          aria-describedby={described("description")}
        />
        <FieldError id={`${id}-description-error`} errors={fieldError("description")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <FieldLabel htmlFor={`${id}-price`} required>
            Price (USD)
          </FieldLabel>
          <Input
            id={`${id}-price`}
            name="price"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            required
            defaultValue={defaults.price}
            aria-invalid={fieldError("price") ? true : undefined}
            aria-describedby={described("price")}
          />
          <FieldError id={`${id}-price-error`} errors={fieldError("price")} />
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-category`}>Category</FieldLabel>
          <Input id={`${id}-category`} name="category" defaultValue={defaults.category} maxLength={60} list={`${id}-categories`} />
          <datalist id={`${id}-categories`}>
            <option value="apparel">apparel</option>
            <option value="fees">fees</option>
          </datalist>
          <FieldError errors={fieldError("category")} />
        </Field>
      </div>
      <Field>
        <FieldLabel htmlFor={`${id}-registration`}>Registration form</FieldLabel>
        <Select
          id={`${id}-registration`}
          name="registrationKind"
          defaultValue={defaults.registrationKind}
          aria-invalid={fieldError("registrationKind") ? true : undefined}
          aria-describedby={[`${id}-registration-help`, described("registrationKind")].filter(Boolean).join(" ")}
        >
          {PRODUCT_REGISTRATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind === "none" ? "None (a plain product)" : registrationKindLabels[kind]}
            </option>
          ))}
        </Select>
        <FieldDescription id={`${id}-registration-help`}>
          What Add to Cart asks for before the item goes in the cart. Renaming the product never changes it.
        </FieldDescription>
        <FieldError id={`${id}-registrationKind-error`} errors={fieldError("registrationKind")} />
      </Field>
      <div className="grid gap-3 rounded-lg border border-border p-3">
        <label htmlFor={`${id}-unlimited`} className="flex min-h-6 items-center gap-3 text-sm font-medium">
          <Checkbox
            id={`${id}-unlimited`}
            name="unlimitedStock"
            defaultChecked={defaults.unlimitedStock}
            onChange={(event) => setUnlimited(event.currentTarget.checked)}
          />
          Unlimited stock
        </label>
        <Field>
          <FieldLabel htmlFor={`${id}-stock`} required={!unlimited}>
            Stock count
          </FieldLabel>
          <Input
            id={`${id}-stock`}
            name="stockCount"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            // Only JavaScript can enable it again, so the server never renders it disabled: without
            // JavaScript the count can be typed after unticking, and is ignored while unlimited is on.
            disabled={hydrated && unlimited}
            required={!unlimited}
            defaultValue={defaults.stockCount}
            aria-invalid={fieldError("stockCount") ? true : undefined}
            aria-describedby={described("stockCount") ?? `${id}-stock-hint`}
          />
          <FieldDescription id={`${id}-stock-hint`}>Ignored while unlimited stock is on.</FieldDescription>
          <FieldError id={`${id}-stockCount-error`} errors={fieldError("stockCount")} />
        </Field>
      </div>
      <Field>
        <FieldLabel htmlFor={`${id}-image`}>Image</FieldLabel>
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
              id={`${id}-image`}
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
              onChange={(event) => accept(event.currentTarget.files)}
              aria-invalid={imageMessage ? true : undefined}
              aria-describedby={imageMessage ? `${id}-image-error ${id}-image-hint` : `${id}-image-hint`}
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
        <FieldDescription id={`${id}-image-hint`}>JPG, PNG, GIF, WebP or AVIF, up to 5 MB.</FieldDescription>
        <FieldError id={`${id}-image-error`} errors={imageMessage} />
        {defaults.imageUrl ? (
          <label htmlFor={`${id}-remove-image`} className="flex min-h-6 items-center gap-3 text-sm">
            <Checkbox id={`${id}-remove-image`} name="removeImage" /> Remove the current image (the district logo is shown instead)
          </label>
        ) : null}
      </Field>
      <Field>
        <FieldLabel htmlFor={`${id}-image-url`}>Or image URL</FieldLabel>
        <Input
          id={`${id}-image-url`}
          name="imageUrl"
          type="url"
          pattern="https://.*"
          placeholder="https://"
          aria-describedby={`${id}-image-url-hint`}
        />
        <FieldDescription id={`${id}-image-url-hint`}>
          An https address; the server fetches the picture once and keeps its own copy.
        </FieldDescription>
      </Field>
    </div>
  );
}

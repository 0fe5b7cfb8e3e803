import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useId, useMemo } from "react";
import type * as React from "react";
import { useFetcher } from "react-router";
import { useLazyValidation } from "~/ui/lazy-validation";
import { NoticeBox } from "~/ui/notice-box";
import { PendingButton } from "~/ui/pending-button";
import { useActionResult } from "~/ui/use-action-result";
import { PRODUCTS_ACTION, type AdminProductItem } from "./admin-product-item";
import type { ProductActionResult } from "./admin.server";
import {
  ProductFormFields,
  productInitialValue,
  type ProductFields,
  type ProductFormDefaults,
} from "./product-form-fields";
import { parseProductRegistrationKind } from "../registration-products";
import type { ProductInput, ProductFormValues } from "./product-schema";

/** The form's starting values for a listed product. */
export function defaultsOf(product: AdminProductItem): ProductFormDefaults {
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
export function defaultsFromResult(result: ProductActionResult, fallback: ProductFormDefaults): ProductFormDefaults {
  const values = result.values ?? {};
  return {
    ...fallback,
    name: values.name ?? fallback.name,
    description: values.description ?? fallback.description,
    price: values.price ?? fallback.price,
    category: values.category ?? fallback.category,
    unlimitedStock: values.unlimitedStock === "on",
    stockCount: values.stockCount ?? fallback.stockCount,
    registrationKind:
      parseProductRegistrationKind(values.registrationKind ?? fallback.registrationKind) ?? fallback.registrationKind,
    stockLoaded: values.stockLoaded ?? fallback.stockLoaded,
  };
}

/**
 * The action's field messages as Conform reads them, so each sits at its field. No values: the form
 * keeps what was typed (with JavaScript the inputs are untouched; without it the page renders them from
 * the answer's echo, through `defaultsFromResult`).
 */
export function submissionOf(result: ProductActionResult | undefined): SubmissionResult<string[]> | undefined {
  if (!result || result.ok || !result.fieldErrors) return undefined;
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(result.fieldErrors)) if (message) error[name] = [message];
  return { status: "error", error };
}

const readAnswer = (answer: ProductActionResult) => ({ ok: answer.ok, notice: answer.notice });

/**
 * Add or edit: a fetcher once hydrated (a toast, and the dialog closes on success), a plain form post without
 * JavaScript (the page shows the answer).
 */
export function ProductForm({
  mode,
  action = PRODUCTS_ACTION,
  defaults,
  result,
  onSaved,
  cancel,
}: {
  mode: "create" | "update";
  /** Where it posts: the list, or in the page section its own address (?new=1, ?edit=<id>). */
  action?: string;
  defaults: ProductFormDefaults;
  /** The page's answer to this form posted without JavaScript (a refusal: it comes back as typed). */
  result?: ProductActionResult;
  onSaved?: () => void;
  /** The dialog's or the section's Cancel. */
  cancel: React.ReactNode;
}) {
  const formId = useId();
  // A fresh fetcher per opened form, so an old answer never closes a new one.
  const fetcher = useFetcher<ProductActionResult>();
  const busy = fetcher.state !== "idle";
  // The answer is told, and the dialog closes, as soon as the action has answered: closing is a navigation,
  // which reloads the list itself.
  useActionResult(fetcher.data, { read: readAnswer, busy: fetcher.state === "submitting", onSuccess: onSaved });
  const latest = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const answer = latest ?? (result && !result.ok ? result : undefined);
  const formError = answer && !answer.fieldErrors ? answer.notice : null;
  const lastResult = useMemo(() => submissionOf(answer), [answer]);

  const { onValidate, loadOnUse } = useLazyValidation(() =>
    import("./validate").then((module) => module.validateProduct),
  );
  const [form, fields] = useForm<ProductInput, ProductFormValues>({
    id: `product-${formId}`,
    defaultValue: productInitialValue(defaults),
    lastResult,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <fetcher.Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      {...loadOnUse}
      // The browser's own checks stay on: a refused image file marks its input invalid, which holds the form back.
      noValidate={false}
      className="grid min-w-0 gap-4"
    >
      <NoticeBox notice={formError} />
      {/* A stale stock figure (409) comes back with the current one: saving again applies it (decision 0025). */}
      <ProductFormFields
        defaults={defaults}
        fields={fields as unknown as ProductFields}
        stockLoaded={latest?.values?.stockLoaded ?? defaults.stockLoaded}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <PendingButton pending={busy} name="intent" value={mode} size="lg">
          {mode === "create" ? "Add Product" : "Save Changes"}
        </PendingButton>
      </div>
    </fetcher.Form>
  );
}

import {
  parseFormData,
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
} from "@remix-run/form-data-parser";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import { MAX_IMAGE_FORM_BYTES } from "~/core/upload-limits";
import type { Database, Transaction } from "~/db/client.server";
import { products, type Product } from "~/db/schema";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import { getProduct } from "../catalogue.server";
import { publishProductChanges } from "../feed/feed.server";
import {
  fetchImageFromUrl,
  ImageError,
  imageRefusalStatus,
  processImage,
  storeImage,
  takeImageAllowance,
} from "../images/images.server";
import { productNotices, type ProductNotice } from "./notices";
import { parseProductForm, type ProductFieldErrors, type ProductFormValues } from "./product-form";
import { saveFailureNotice } from "./save-failure";

export type ProductActionResult = {
  intent: string;
  ok: boolean;
  notice: ProductNotice;
  fieldErrors?: ProductFieldErrors;
  /** Echo of the submitted form, so a failed save keeps what was typed. */
  values?: Record<string, string>;
};
export type ProductActionOutcome = ProductActionResult & { status: number };

/**
 * Reads the action's body: multipart (with an image) through a streaming
 * parser that stops at the body cap, or an ordinary urlencoded form. An image
 * over 5 MB is refused by processImage, like any other bad image.
 */
export async function readProductForm(
  request: Request,
): Promise<{ form: FormData; image: File | null } | { error: ProductNotice; status: number }> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.startsWith("multipart/form-data")) {
      let image: File | null = null;
      const form = await parseFormData(
        request,
        { maxFiles: 1, maxFileSize: MAX_IMAGE_FORM_BYTES, maxParts: 50, maxHeaderSize: 8 * 1024 },
        async (file) => {
          // An empty file input still sends a part with no name and no bytes.
          if (file.fieldName === "image" && file.size > 0) image = file;
          return null;
        },
      );
      return { form, image };
    }
    if (type.startsWith("application/x-www-form-urlencoded")) return { form: await request.formData(), image: null };
    return { error: productNotices.unexpected, status: 415 };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { error: productNotices.fileTooLarge, status: 413 };
    if (error instanceof MaxFilesExceededError || error instanceof FormDataParseError) {
      return { error: productNotices.unexpected, status: 400 };
    }
    logger.warn({ err: error }, "product form could not be read");
    return { error: productNotices.unexpected, status: 400 };
  }
}

function snapshot(product: Product) {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    category: product.category,
    imageUrl: product.imageUrl,
    isActive: product.isActive,
    displayOrder: product.displayOrder,
    unlimitedStock: product.unlimitedStock,
    stockCount: product.stockCount,
    registrationKind: product.registrationKind,
  };
}

function formEcho(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of [
    "id",
    "name",
    "description",
    "price",
    "category",
    "stockCount",
    "unlimitedStock",
    "imageUrl",
    "registrationKind",
    "stockLoaded",
  ]) {
    const value = form.get(key);
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** The image to save: an upload, a URL to fetch once, or the current one kept. */
async function resolveImage(
  db: Database,
  actor: Actor,
  image: File | null,
  values: ProductFormValues,
  current: Product | null,
  removeCurrent: boolean,
): Promise<{ url: string | null } | { error: ProductNotice; status: number }> {
  try {
    if (image) {
      await takeImageAllowance(db, actor.id ?? actor.email);
      const processed = await processImage(new Uint8Array(await image.arrayBuffer()), image.name);
      return { url: await storeImage(db, processed) };
    }
    if (!values.imageUrl) return { url: current && !removeCurrent ? current.imageUrl : null };
    if (current && values.imageUrl === current.imageUrl) return { url: current.imageUrl };
    await takeImageAllowance(db, actor.id ?? actor.email);
    const fetched = await fetchImageFromUrl(values.imageUrl);
    const processed = await processImage(fetched.bytes, fetched.fileName);
    return { url: await storeImage(db, processed) };
  } catch (error) {
    if (error instanceof ImageError) {
      logger.info({ reason: error.message }, "product image refused");
      return { error: error.notice, status: imageRefusalStatus(error.notice) };
    }
    logger.error({ err: error }, "product image failed");
    return { error: productNotices.imageUploadFailed(), status: 500 };
  }
}

/** The product's stock as the edit form was loaded ("unlimited" or a count); null when the form did not say. */
export function parseStockLoaded(
  value: FormDataEntryValue | null,
): { unlimited: boolean; count: number | null } | null {
  if (typeof value !== "string") return null;
  if (value === "unlimited") return { unlimited: true, count: null };
  return /^\d{1,7}$/.test(value) ? { unlimited: false, count: Number(value) } : null;
}

/** A save that would overwrite stock changed since the form was loaded (a checkout's hold, a sale, another admin). */
class StaleStock extends Error {
  constructor(readonly current: Product) {
    super("stock changed since the form was loaded");
  }
}

async function nextDisplayOrder(tx: Transaction): Promise<number> {
  const [row] = await tx.select({ max: sql<number>`coalesce(max(${products.displayOrder}), 0)` }).from(products);
  return Number(row?.max ?? 0) + 1;
}

export async function saveProduct(
  db: Database,
  actor: Actor,
  form: FormData,
  image: File | null,
  mode: "create" | "update",
): Promise<ProductActionOutcome> {
  const intent = mode;
  const failed = mode === "create" ? productNotices.createFailed : productNotices.updateFailed;
  const echo = formEcho(form);
  const parsed = parseProductForm(form);
  if (!parsed.ok) {
    return { intent, ok: false, status: 400, notice: failed, fieldErrors: parsed.errors, values: echo };
  }
  let current: Product | null = null;
  if (mode === "update") {
    current = await getProduct(db, String(form.get("id") ?? ""));
    if (!current) return { intent, ok: false, status: 404, notice: productNotices.notFound };
  }
  // docs/product.md: an image that cannot be stored aborts the save.
  const image$ = await resolveImage(db, actor, image, parsed.values, current, form.get("removeImage") === "on");
  if ("error" in image$) {
    // The field reads as the form's own check does: "File too large: Image must be less than 5MB".
    const message = image$.error.description
      ? `${image$.error.title}: ${image$.error.description}`
      : image$.error.title;
    return {
      intent,
      ok: false,
      status: image$.status,
      notice: image$.error,
      fieldErrors: { image: message },
      values: echo,
    };
  }
  const { values } = parsed;
  const fields = {
    name: values.name,
    description: values.description,
    price: values.price,
    category: values.category,
    unlimitedStock: values.unlimitedStock,
    stockCount: values.unlimitedStock ? null : values.stockCount,
    imageUrl: image$.url,
    // Chosen by staff in the form (decision 0027); a form without the field keeps what the product had.
    registrationKind: values.registrationKind ?? current?.registrationKind ?? "none",
  };
  // Decision 0025: the form's stock is what it was loaded with, not what is available now. A save
  // that leaves the stock fields as loaded does not write them (holds and sales since then stand); one
  // that changes them applies only if the row still holds what the form was loaded with.
  const loaded = mode === "update" ? parseStockLoaded(form.get("stockLoaded")) : null;
  const stockUntouched =
    loaded !== null &&
    loaded.unlimited === fields.unlimitedStock &&
    (loaded.unlimited || loaded.count === fields.stockCount);
  const { unlimitedStock, stockCount, ...otherFields } = fields;
  const stockGuard =
    loaded && !stockUntouched
      ? and(
          eq(products.unlimitedStock, loaded.unlimited),
          loaded.count === null ? isNull(products.stockCount) : eq(products.stockCount, loaded.count),
        )
      : undefined;
  try {
    await db.transaction(async (tx) => {
      if (mode === "create") {
        const [row] = await tx
          .insert(products)
          .values({ ...fields, isActive: true, displayOrder: await nextDisplayOrder(tx) })
          .returning();
        await writeAudit(tx, {
          actor: actor,
          action: "product.create",
          details: { productId: row!.id, after: snapshot(row!) },
        });
        await publishProductChanges(tx, [{ op: "insert", id: row!.id }]);
      } else {
        const [row] = await tx
          .update(products)
          .set({ ...otherFields, ...(stockUntouched ? {} : { unlimitedStock, stockCount }), updatedAt: new Date() })
          .where(and(eq(products.id, current!.id), stockGuard))
          .returning();
        if (!row) {
          const [now] = stockGuard ? await tx.select().from(products).where(eq(products.id, current!.id)) : [];
          throw now ? new StaleStock(now) : new Error("product vanished");
        }
        await writeAudit(tx, {
          actor: actor,
          action: "product.update",
          details: { productId: row.id, before: snapshot(current!), after: snapshot(row) },
        });
        await publishProductChanges(tx, [{ op: "update", id: row.id }]);
      }
    });
  } catch (error) {
    if (error instanceof StaleStock) {
      const now = error.current;
      const figure = now.unlimitedStock ? "unlimited" : `${now.stockCount} available now`;
      return {
        intent,
        ok: false,
        status: 409,
        notice: failed,
        fieldErrors: {
          stockCount: `Stock changed while you were editing (checkouts, sales or another admin): ${figure}. Check the count and save again.`,
        },
        // The form comes back as typed, now based on the current figure: saving again applies it knowingly.
        values: { ...echo, stockLoaded: now.unlimitedStock ? "unlimited" : String(now.stockCount) },
      };
    }
    logger.error({ err: error, mode }, "saving a product failed");
    return { intent, ok: false, status: 500, notice: saveFailureNotice(failed, error), values: echo };
  }
  return { intent, ok: true, status: 200, notice: mode === "create" ? productNotices.created : productNotices.updated };
}

export async function toggleProduct(db: Database, actor: Actor, id: string): Promise<ProductActionOutcome> {
  const intent = "toggle";
  const current = await getProduct(db, id);
  if (!current) return { intent, ok: false, status: 404, notice: productNotices.notFound };
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(products)
        .set({ isActive: sql`not ${products.isActive}`, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      if (!updated) throw new Error("product vanished");
      await writeAudit(tx, {
        actor: actor,
        action: "product.toggle",
        details: { productId: id, before: { isActive: !updated.isActive }, after: { isActive: updated.isActive } },
      });
      await publishProductChanges(tx, [{ op: "update", id }]);
      return updated;
    });
    return {
      intent,
      ok: true,
      status: 200,
      notice: row.isActive ? productNotices.activated : productNotices.deactivated,
    };
  } catch (error) {
    logger.error({ err: error }, "toggling a product failed");
    return { intent, ok: false, status: 500, notice: productNotices.statusFailed };
  }
}

/** Deletes a product. Orders keep their own item name and amount (no foreign key). */
export async function deleteProduct(db: Database, actor: Actor, id: string): Promise<ProductActionOutcome> {
  const intent = "delete";
  const current = await getProduct(db, id);
  if (!current) return { intent, ok: false, status: 404, notice: productNotices.notFound };
  try {
    await db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, id));
      // Close the gap so display_order stays 1..n.
      await renumber(
        tx,
        (
          await tx
            .select({ id: products.id })
            .from(products)
            .orderBy(asc(products.displayOrder), asc(products.createdAt))
        ).map((row) => row.id),
      );
      await writeAudit(tx, {
        actor: actor,
        action: "product.delete",
        details: { productId: id, before: snapshot(current) },
      });
      await publishProductChanges(tx, [{ op: "delete", id }]);
    });
    return { intent, ok: true, status: 200, notice: productNotices.deleted };
  } catch (error) {
    logger.error({ err: error }, "deleting a product failed");
    return { intent, ok: false, status: 500, notice: productNotices.deleteFailed };
  }
}

async function renumber(tx: Transaction, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(products)
      .set({ displayOrder: index + 1 })
      .where(eq(products.id, id));
  }
}

class OrderRejected extends Error {}

/**
 * Writes a new order as display_order 1..n in one transaction. The list must
 * name every product exactly once: a missing, repeated or unknown id is
 * refused (someone else changed the catalogue meanwhile).
 */
export async function reorderProducts(db: Database, actor: Actor, ids: string[]): Promise<ProductActionOutcome> {
  const intent = "reorder";
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: products.id, displayOrder: products.displayOrder })
        .from(products)
        .orderBy(asc(products.displayOrder), asc(products.createdAt))
        .for("update");
      const known = new Set(rows.map((row) => row.id));
      if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw new OrderRejected();
      }
      const before = rows.map((row) => row.id);
      await renumber(tx, ids);
      await writeAudit(tx, { actor: actor, action: "product.reorder", details: { before, after: ids } });
      const changed = ids.filter((id, index) => before[index] !== id);
      await publishProductChanges(
        tx,
        changed.map((id) => ({ op: "update" as const, id })),
      );
    });
    return { intent, ok: true, status: 200, notice: productNotices.orderUpdated };
  } catch (error) {
    if (!(error instanceof OrderRejected)) logger.error({ err: error }, "reordering products failed");
    return {
      intent,
      ok: false,
      status: error instanceof OrderRejected ? 409 : 500,
      notice: productNotices.orderFailed,
    };
  }
}

/** Move up / Move down: one step, the same rewrite as a drag. */
export async function moveProduct(
  db: Database,
  actor: Actor,
  id: string,
  direction: string,
): Promise<ProductActionOutcome> {
  const ids = (
    await db.select({ id: products.id }).from(products).orderBy(asc(products.displayOrder), asc(products.createdAt))
  ).map((row) => row.id);
  const index = ids.indexOf(id);
  const target = direction === "up" ? index - 1 : direction === "down" ? index + 1 : -1;
  if (index < 0 || target < 0 || target >= ids.length) {
    return { intent: "move", ok: false, status: 400, notice: productNotices.orderFailed };
  }
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return { ...(await reorderProducts(db, actor, ids)), intent: "move" };
}

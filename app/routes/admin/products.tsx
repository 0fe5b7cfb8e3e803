import { data } from "react-router";
import { logger } from "~/core/logger.server";
import { getDb } from "~/db/context";
import { PRODUCTS_ADMIN_REQUIRED_MESSAGE } from "~/features/accounts/access";
import { requireAdmin } from "~/features/accounts/guards.server";
import {
  deleteProduct,
  moveProduct,
  readProductForm,
  reorderProducts,
  saveProduct,
  toggleProduct,
  type ProductActionResult,
} from "~/features/products/manage/admin.server";
import { listAllProducts } from "~/features/products/catalogue.server";
import { releaseHold } from "~/features/payments/checkout/release-hold.server";
import { listStockHolds, type StockHold } from "~/features/products/holds/holds.server";
import { StockHolds } from "~/features/products/holds/stock-holds";
import { productNotices } from "~/features/products/manage/notices";
import { ProductManagement, type AdminProductItem } from "~/features/products/manage/product-management";
import { centsToDecimal, formatCents, formatDate } from "~/core/format";
import { stockDisplay } from "~/features/products/manage/product-form";
import { productImageSources } from "~/features/products/images/product-image";
import { priceChargeNote } from "~/features/payments/checkout/charge-minimum";
import { sandboxEnabled } from "~/features/payments/providers.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Manage Products | Admin Dashboard" }];

const guard = { message: PRODUCTS_ADMIN_REQUIRED_MESSAGE };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, guard);
  let items: AdminProductItem[] = [];
  let loadFailed = false;
  try {
    items = (await listAllProducts(getDb(context))).map((product) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      category: product.category,
      price: formatCents(product.price),
      priceNote: priceChargeNote(product.price, !sandboxEnabled()),
      priceInput: centsToDecimal(product.price),
      stock: stockDisplay(product),
      stockCount: product.stockCount,
      unlimitedStock: product.unlimitedStock,
      isActive: product.isActive,
      created: formatDate(product.createdAt),
      imageUrl: product.imageUrl,
      image: productImageSources(product.imageUrl),
      registrationKind: product.registrationKind,
    }));
  } catch (error) {
    logger.error({ err: error }, "listing products failed");
    loadFailed = true;
  }
  // Stock held by open checkouts, which staff may release (decision 0028).
  const holds: StockHold[] = await listStockHolds(getDb(context)).catch((error: unknown) => {
    logger.error({ err: error }, "listing stock holds failed");
    return [];
  });
  return { holds, products: items, loadFailed };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Every action checks the role first: a non-admin POST changes nothing (403).
  const admin = await requireAdmin(request, context, guard);
  const db = getDb(context);
  const body = await readProductForm(request);
  if ("error" in body) {
    return data<ProductActionResult>({ intent: "unknown", ok: false, notice: body.error }, { status: body.status });
  }
  const { form, image } = body;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  let outcome;
  switch (intent) {
    case "create":
    case "update":
      outcome = await saveProduct(db, admin, form, image, intent);
      break;
    case "toggle":
      outcome = await toggleProduct(db, admin, text("id"));
      break;
    case "delete":
      outcome = await deleteProduct(db, admin, text("id"));
      break;
    case "reorder":
      outcome = await reorderProducts(
        db,
        admin,
        form.getAll("ids").filter((value): value is string => typeof value === "string"),
      );
      break;
    case "move":
      outcome = await moveProduct(db, admin, text("id"), text("direction"));
      break;
    case "release-hold":
      outcome = await releaseHold(db, admin, text("checkoutId"));
      break;
    default:
      outcome = { intent, ok: false, status: 400, notice: productNotices.unexpected };
  }
  const { status, ...result } = outcome;
  return data<ProductActionResult>(result, { status });
}

export default function AdminProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { holds, ...management } = loaderData;
  return (
    <div className="grid gap-10">
      <ProductManagement {...management} result={actionData} />
      <StockHolds holds={holds} />
    </div>
  );
}

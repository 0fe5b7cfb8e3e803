import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { cartLines, carts, products } from "~/db/schema";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { failCheckout } from "~/features/payments/checkout/checkout.server";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { action, loader } from "~/routes/admin/products";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { testEnv } from "#tests/support/testbed";

type Item = {
  id: string;
  name: string;
  description: string | null;
  priceInput: string;
  stockCount: number | null;
  unlimitedStock: boolean;
};
type Reply = { ok: boolean; fieldErrors?: Record<string, string>; values?: Record<string, string> };

/** Decision 0025: a staff save never undoes holds or sales made after its form was loaded. */
describe("saving a product with a stale stock figure", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;

  beforeAll(async () => {
    setEnvForTests(testEnv("stale-stock", { PUBLIC_URL: "https://citron.example" }));
    setPaymentProviderForTests(undefined);
    database = await createTestDatabase();
    admin = await signedInAccount(database.db, "director@example.org", "admin");
  });
  afterAll(async () => {
    setEnvForTests(undefined);
    await database?.destroy();
  });

  const stockOf = async (id: string) =>
    (await database.db.query.products.findFirst({ where: eq(products.id, id) }))!.stockCount;

  /** The edit form as Manage Products renders it from its loader (product-management.tsx's defaultsOf). */
  async function openEditForm(name: string) {
    const data = (await loader({
      request: browserRequest("/admin/products", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      products: Item[];
    };
    const item = data.products.find((product) => product.name === name)!;
    return {
      intent: "update",
      id: item.id,
      name: item.name,
      description: item.description ?? "",
      price: item.priceInput,
      category: "apparel",
      stockCount: String(item.stockCount ?? 0),
      stockLoaded: item.unlimitedStock ? "unlimited" : String(item.stockCount ?? 0),
      ...(item.unlimitedStock ? { unlimitedStock: "on" } : {}),
    };
  }
  async function save(form: Record<string, string>) {
    const result = (await action({
      request: browserRequest("/admin/products", admin.cookie, form),
      context: database.context(),
      params: {},
    } as never)) as {
      data: Reply;
      init: ResponseInit | null;
    };
    return { status: result.init?.status ?? 200, ...result.data };
  }
  async function holdAll(productId: string, quantity: number) {
    const cartId = `cart-${Math.random().toString(36).slice(2)}`;
    await database.db.insert(carts).values({ id: cartId });
    await database.db.insert(cartLines).values({ cartId, productId, quantity });
    // Each hold a different buyer: one email's holds are capped together (decision 0038).
    const result = await checkoutCart(database.db, { cartId, email: `buyer.${cartId}@example.com` });
    if (!result.ok) throw new Error(result.message);
    return result.checkoutId;
  }
  async function shirt(name: string, stock: number) {
    const [row] = await database.db
      .insert(products)
      .values({ name, price: 1800, displayOrder: 1, unlimitedStock: false, stockCount: stock, description: "Cotton" })
      .returning();
    return row!;
  }

  it("the issue's scenario: form at 3, buyers hold all 3, staff fix the description: still out of stock, declines give back exactly 3", async () => {
    const product = await shirt("District T-Shirt", 3);
    const form = await openEditForm("District T-Shirt");
    // One cart may hold at most half of a limited product (decision 0028), so two buyers take the 3.
    const checkoutIds = [await holdAll(product.id, 2), await holdAll(product.id, 1)];
    expect(await stockOf(product.id)).toBe(0);

    const reply = await save({ ...form, description: "Organic cotton" });
    expect(reply).toMatchObject({ status: 200, ok: true });
    const row = (await database.db.query.products.findFirst({ where: eq(products.id, product.id) }))!;
    expect(row).toMatchObject({ description: "Organic cotton", stockCount: 0, unlimitedStock: false });

    for (const checkoutId of checkoutIds) expect(await failCheckout(database.db, checkoutId, "declined")).toBe(true);
    expect(await stockOf(product.id)).toBe(3);
  });

  it("refuses a changed count on a stale form with the current figure, and applies it once saved again on that figure", async () => {
    const product = await shirt("Hoodie", 5);
    const form = await openEditForm("Hoodie");
    await holdAll(product.id, 2);

    const stale = await save({ ...form, stockCount: "10" });
    expect(stale.status).toBe(409);
    expect(stale.fieldErrors?.stockCount).toMatch(/3 available now/);
    expect(stale.values).toMatchObject({ stockCount: "10", stockLoaded: "3" });
    expect(await stockOf(product.id)).toBe(3);

    // The form comes back on the current figure: saving it again is a deliberate choice.
    expect((await save({ ...form, ...stale.values })).ok).toBe(true);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("a stale switch to unlimited is refused too, and a fresh one applies", async () => {
    const product = await shirt("Scarf", 4);
    const form = await openEditForm("Scarf");
    await holdAll(product.id, 1);
    const stale = await save({ ...form, unlimitedStock: "on" });
    expect(stale.status).toBe(409);
    expect(await stockOf(product.id)).toBe(3);
    const fresh = await openEditForm("Scarf");
    expect((await save({ ...fresh, unlimitedStock: "on" })).ok).toBe(true);
    expect(await database.db.query.products.findFirst({ where: eq(products.id, product.id) })).toMatchObject({
      unlimitedStock: true,
      stockCount: null,
    });
  });

  it("ignores a malformed stockLoaded (treated as absent: the count is written as typed)", async () => {
    const product = await shirt("Cap", 2);
    const form = await openEditForm("Cap");
    expect((await save({ ...form, stockLoaded: "'; drop table products; --", stockCount: "7" })).ok).toBe(true);
    expect(await stockOf(product.id)).toBe(7);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { cartLines, carts, checkouts, products } from "~/db/schema";
import { loader as productsLoader } from "~/routes/admin/products";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { startStripeStandIn, type StripeStandIn } from "#tests/support/stripe-stand-in";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { sandboxProvider, setPaymentProviderForTests } from "~/features/payments/providers.server";
import { stripeClient, stripeProvider } from "~/features/payments/stripe/stripe-provider.server";
import { testEnv } from "#tests/support/testbed";

/** Decision 0025: what Stripe cannot charge never reaches a payment page, and Manage Products says so. */
describe("prices Stripe cannot charge", () => {
  let database: TestDatabase;
  let stripe: StripeStandIn;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let order = 1;

  beforeAll(async () => {
    setEnvForTests(
      testEnv("minimum", {
        PUBLIC_URL: "https://citron.example",
        STRIPE_SECRET_KEY: "sk_test_standin",
        STRIPE_WEBHOOK_SECRET: "whsec_minimum",
      }),
    );
    database = await createTestDatabase();
    stripe = await startStripeStandIn();
    admin = await signedInAccount(database.db, "director@example.org", "admin");
  });
  afterAll(async () => {
    setPaymentProviderForTests(undefined);
    setEnvForTests(undefined);
    await stripe?.close();
    await database?.destroy();
  });

  async function cartOf(name: string, price: number, stock: number | null = 3) {
    const [product] = await database.db
      .insert(products)
      .values({ name, price, displayOrder: order++, unlimitedStock: stock === null, stockCount: stock })
      .returning();
    const cartId = `cart-${Math.random().toString(36).slice(2)}`;
    await database.db.insert(carts).values({ id: cartId });
    await database.db.insert(cartLines).values({ cartId, productId: product!.id, quantity: 1 });
    return { cartId, product: product! };
  }

  it("refuses a Stripe checkout under $0.50 before any session or hold, and takes one of $0.50", async () => {
    setPaymentProviderForTests(() => stripeProvider(stripeClient("sk_test_standin", stripe.url)));
    const sessionsBefore = stripe.sessions.size;
    const checkoutsBefore = await database.db.$count(checkouts);
    const { cartId, product } = await cartOf("Sticker", 25);
    expect(await checkoutCart(database.db, { cartId, email: "p@example.com" })).toEqual({
      ok: false,
      status: 400,
      message: "Card payments must be at least $0.50: your cart totals $0.25. Please add another item.",
    });
    expect(stripe.sessions.size).toBe(sessionsBefore);
    expect(await database.db.$count(checkouts)).toBe(checkoutsBefore);
    expect(
      (await database.db.query.products.findFirst({ where: (table, { eq }) => eq(table.id, product.id) }))!.stockCount,
    ).toBe(3);

    const { cartId: fifty } = await cartOf("Pin", 50);
    expect((await checkoutCart(database.db, { cartId: fifty, email: "p@example.com" })).ok).toBe(true);
    expect(stripe.sessions.size).toBe(sessionsBefore + 1);
  });

  it("a free item never goes through a payment page, on the sandbox either", async () => {
    setPaymentProviderForTests(sandboxProvider);
    const { cartId } = await cartOf("Free webinar", 0, null);
    const result = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && result.message).toMatch(/^Free items cannot be checked out online/);
  });

  it("Manage Products notes the prices when Stripe is configured", async () => {
    const data = (await productsLoader({
      request: browserRequest("/admin/products", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      products: { name: string; priceNote?: string | null }[];
    };
    const note = (name: string) => data.products.find((product) => product.name === name)!.priceNote;
    expect(note("Sticker")).toMatch(/^Under Stripe's \$0.50 minimum/);
    expect(note("Free webinar")).toMatch(/^Free/);
    expect(note("Pin")).toBeNull();
  });
});

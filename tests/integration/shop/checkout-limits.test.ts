import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { requestInfoContext } from "~/core/request-context";
import { cartLines, carts, checkouts, orders, products, rateLimits, stockReservations } from "~/db/schema";
import { CART_COOKIE } from "~/core/cart";
import { setLineQuantity } from "~/features/shop/cart/cart-mutations.server";
import { action as checkoutAction } from "~/routes/public/checkout";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import type { CheckoutActionData } from "~/features/payments/checkout/checkout-data";

const baseEnv = {
  NODE_ENV: "test",
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-checkout-limits-")),
  SESSION_SECRET: "s".repeat(40),
  PUBLIC_URL: "http://citron.test",
  CHECKOUT_CART_RATE_LIMIT_MAX: "3",
  CHECKOUT_RATE_LIMIT_MAX: "5",
};
let database: TestDatabase;
beforeAll(async () => {
  setEnvForTests(parseEnv(baseEnv));
  database = await createTestDatabase();
});
afterAll(async () => {
  setEnvForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  for (const table of [rateLimits, stockReservations, orders, checkouts, cartLines, carts, products])
    await database.db.delete(table);
});

const cookieFor = (cartId: string) => `${CART_COOKIE}=${encodeURIComponent(btoa(JSON.stringify(cartId)))}`;

async function seedCart(cartId: string, quantity: number, stockCount = 10) {
  let [hoodie] = await database.db.select().from(products);
  hoodie ??= (
    await database.db
      .insert(products)
      .values({ name: "Limited Hoodie", price: 4500, displayOrder: 1, unlimitedStock: false, stockCount })
      .returning()
  )[0]!;
  await database.db.insert(carts).values({ id: cartId });
  const [line] = await database.db.insert(cartLines).values({ cartId, productId: hoodie.id, quantity }).returning();
  return { hoodie, line: line! };
}

async function proceed(cartId: string, address = "203.0.113.5", email = "buyer@example.com") {
  const context = database.context();
  context.set(requestInfoContext, { requestId: "test", nonce: "", clientAddress: address });
  const request = new Request("http://citron.test/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieFor(cartId) },
    body: new URLSearchParams({ email }),
  });
  const answer = (await checkoutAction({ request, context, params: {} } as never)) as unknown as {
    data: CheckoutActionData;
    init: { status?: number; headers?: Record<string, string> } | null;
  };
  return { status: answer.init?.status ?? 200, data: answer.data, headers: answer.init?.headers ?? {} };
}

describe("checkout starts are limited", () => {
  it("per cart: re-posting one cart to keep its hold alive stops at the limit with 429", async () => {
    const cartId = "a".repeat(43);
    await seedCart(cartId, 1);
    // A changed email replaces the checkout each time (new hold, new provider session): the costly path.
    for (let i = 0; i < 3; i++)
      expect((await proceed(cartId, "203.0.113.5", `buyer${i}@example.com`)).status).toBe(200);
    const refused = await proceed(cartId, "203.0.113.6", "buyer9@example.com");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ status: "error", title: "Too Many Checkouts" });
    expect(refused.data.status === "error" && refused.data.message).toMatch(/Please try again in \d+ minutes?\./);
    expect(refused.headers["Retry-After"]).toMatch(/^\d+$/);
    // The refusal changed nothing: one open checkout, the one before it.
    expect(await database.db.$count(checkouts)).toBe(3);
  });

  it("per client address, across carts", async () => {
    for (let i = 0; i < 5; i++) {
      const cartId = String(i).repeat(43);
      await seedCart(cartId, 1, 100);
      expect((await proceed(cartId, "198.51.100.9")).status).toBe(200);
    }
    await seedCart("z".repeat(43), 1, 100);
    expect((await proceed("z".repeat(43), "198.51.100.9")).status).toBe(429);
    // Another address is not affected.
    expect((await proceed("z".repeat(43), "198.51.100.10")).status).toBe(200);
  });
});

describe("one cart's hold of a limited product is capped", () => {
  it("a checkout for more than half of what is left is refused by name, and nothing is held", async () => {
    const cartId = "b".repeat(43);
    const { hoodie } = await seedCart(cartId, 6, 10);
    const refused = await proceed(cartId);
    expect(refused.status).toBe(409);
    expect(refused.data.status === "error" && refused.data.message).toContain(
      "one order can hold at most 5 of Limited Hoodie",
    );
    expect(await database.db.$count(stockReservations)).toBe(0);
    const [after] = await database.db.select().from(products);
    expect(after!.stockCount).toBe(hoodie.stockCount);
  });

  it("the cart refuses a quantity above the cap, counting its own open checkout's hold as its own", async () => {
    const cartId = "c".repeat(43);
    const { line } = await seedCart(cartId, 5, 10);
    expect((await proceed(cartId)).status).toBe(200); // holds 5, 5 left
    // Raising to 6 would hold 6 of the 10 this cart could have.
    await expect(setLineQuantity(database.db, cartId, line.id, 6)).rejects.toThrow(
      "one order can hold at most 5 of Limited Hoodie",
    );
    await setLineQuantity(database.db, cartId, line.id, 4);
  });
});

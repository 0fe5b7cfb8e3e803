import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { auditLog, cartLines, carts, checkouts, products, stockReservations } from "~/db/schema";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { action, loader } from "~/routes/admin/products";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { stripeClient, stripeProvider } from "~/features/payments/stripe/stripe-provider.server";
import { startStripeStandIn } from "#tests/support/stripe-stand-in";
import type { StockHold } from "~/features/products/holds/holds.server";
import { reserveStock } from "~/features/products/holds/stock-reservations.server";

describe("staff see and release stock holds on Manage Products", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let coach: Awaited<ReturnType<typeof signedInAccount>>;

  beforeAll(async () => {
    setEnvForTests(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-holds-")),
        SESSION_SECRET: "s".repeat(40),
      }),
    );
    database = await createTestDatabase();
    admin = await signedInAccount(database.db, "director@example.org", "admin");
    coach = await signedInAccount(database.db, "coach@example.org", "user");
  });
  afterAll(async () => {
    await database.destroy();
    setEnvForTests(undefined);
  });

  async function call(form: Record<string, string>, cookie = admin.cookie) {
    try {
      const result = (await action({
        request: browserRequest("/admin/products", cookie, form),
        context: database.context(),
        params: {},
      } as never)) as {
        data: { ok: boolean; notice: { description?: string } };
        init: ResponseInit | null;
      };
      return { status: result.init?.status ?? 200, ...result.data };
    } catch (thrown) {
      return { status: (thrown as { init?: ResponseInit }).init?.status ?? 0, ok: false, notice: {} };
    }
  }

  it("lists an open checkout's hold and releases it once: stock back, checkout closed, audited", async () => {
    const [hoodie] = await database.db
      .insert(products)
      .values({ name: "Limited Hoodie", price: 4500, displayOrder: 1, unlimitedStock: false, stockCount: 10 })
      .returning();
    const cartId = "h".repeat(43);
    await database.db.insert(carts).values({ id: cartId });
    await database.db.insert(cartLines).values({ cartId, productId: hoodie!.id, quantity: 4 });
    const started = await checkoutCart(database.db, { cartId, email: "hoarder@example.com" });
    if (!started.ok) throw new Error(started.message);
    expect((await database.db.select().from(products))[0]!.stockCount).toBe(6);

    const data = (await loader({
      request: browserRequest("/admin/products", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      holds: StockHold[];
    };
    expect(data.holds).toEqual([
      expect.objectContaining({
        checkoutId: started.checkoutId,
        productName: "Limited Hoodie",
        quantity: 4,
        email: "hoarder@example.com",
      }),
    ]);

    // Not for a signed-in non-admin.
    expect((await call({ intent: "release-hold", checkoutId: started.checkoutId }, coach.cookie)).status).toBe(403);
    expect(await database.db.$count(stockReservations)).toBe(1);

    const released = await call({ intent: "release-hold", checkoutId: started.checkoutId });
    expect(released).toMatchObject({ status: 200, ok: true });
    expect((await database.db.select().from(products))[0]!.stockCount).toBe(10);
    expect(await database.db.$count(stockReservations)).toBe(0);
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    expect(checkout).toMatchObject({ status: "failed", failureReason: "released" });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "checkout.hold_release"));
    expect(audit).toMatchObject({
      actorEmail: "director@example.org",
      details: expect.objectContaining({ checkoutId: started.checkoutId }),
    });

    // A second release (another admin's tab) changes nothing and says why.
    expect(await call({ intent: "release-hold", checkoutId: started.checkoutId })).toMatchObject({
      status: 409,
      ok: false,
    });
    expect(await call({ intent: "release-hold", checkoutId: "not-a-uuid" })).toMatchObject({ status: 400, ok: false });
    expect((await database.db.select().from(products))[0]!.stockCount).toBe(10);
  });

  async function holdOf(name: string, quantity: number) {
    const [product] = await database.db
      .insert(products)
      .values({ name, price: 4500, displayOrder: 1, unlimitedStock: false, stockCount: 10 })
      .returning();
    const cartId = `${name.replace(/\W/g, "")}${"c".repeat(43)}`.slice(0, 43);
    await database.db.insert(carts).values({ id: cartId });
    await database.db.insert(cartLines).values({ cartId, productId: product!.id, quantity });
    const started = await checkoutCart(database.db, { cartId, email: "buyer@example.com" });
    if (!started.ok) throw new Error(started.message);
    return { product: product!, checkoutId: started.checkoutId };
  }
  const stockOf = async (id: string) =>
    (await database.db.query.products.findFirst({ where: eq(products.id, id) }))!.stockCount;

  it("caps one client address's and one email's holds together, in the reserving statement itself (decision 0038)", async () => {
    const [badge] = await database.db
      .insert(products)
      .values({ name: "Limited Badge", price: 500, displayOrder: 1, unlimitedStock: false, stockCount: 10 })
      .returning();
    let n = 0;
    const start = async (quantity: number, email: string, clientAddress: string) => {
      const cartId = `badge${n++}${"b".repeat(43)}`.slice(0, 43);
      await database.db.insert(carts).values({ id: cartId });
      await database.db.insert(cartLines).values({ cartId, productId: badge!.id, quantity });
      return checkoutCart(database.db, { cartId, email, clientAddress });
    };
    // One cart may hold half of 10.
    expect((await start(5, "first@example.com", "203.0.113.7")).ok).toBe(true);
    expect(await stockOf(badge!.id)).toBe(5);
    // A fresh cart from the same address (another email): 3 is within one cart's cap of what is left, but the
    // address already holds 5 of its 5.
    expect(await start(3, "second@example.com", "203.0.113.7")).toMatchObject({
      ok: false,
      message: expect.stringContaining('one buyer can hold at most 5 of "Limited Badge", and 5 are already on hold'),
    });
    // The same email from another address: the same.
    expect((await start(1, "FIRST@example.com", "198.51.100.9")).ok).toBe(false);
    expect(await stockOf(badge!.id)).toBe(5);
    // Someone else may hold their share of what is left.
    expect((await start(3, "third@example.com", "198.51.100.9")).ok).toBe(true);
    expect(await stockOf(badge!.id)).toBe(2);
    const holds = await database.db.select().from(stockReservations).where(eq(stockReservations.productId, badge!.id));
    expect(holds.map((hold) => hold.holderAddress).sort()).toEqual(["198.51.100.9", "203.0.113.7"]);

    // The statement enforces the cap by itself (no check before it): a checkout asking for 2 of the 2 left.
    const [checkout] = await database.db
      .insert(checkouts)
      .values({
        kind: "shop",
        provider: "sandbox",
        email: "direct@example.com",
        totalAmount: 1000,
        publicTokenHash: "direct-token-for-the-cap-test",
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    const holder = { checkoutId: checkout!.id, email: "direct@example.com", clientAddress: "192.0.2.1" };
    expect(await database.db.transaction((tx) => reserveStock(tx, holder, badge!.id, 2))).toEqual({
      ok: false,
      why: "capped",
      cap: 1,
      held: 0,
    });
    expect(await database.db.transaction((tx) => reserveStock(tx, holder, badge!.id, 1))).toEqual({ ok: true });
    expect(await stockOf(badge!.id)).toBe(1);
  });

  it("two checkouts from one address at the same moment cannot both pass the cap (decision 0038)", async () => {
    const [pin] = await database.db
      .insert(products)
      .values({ name: "Limited Pin", price: 500, displayOrder: 1, unlimitedStock: false, stockCount: 10 })
      .returning();
    const carts5 = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const cartId = `pin${i}${"p".repeat(43)}`.slice(0, 43);
        await database.db.insert(carts).values({ id: cartId });
        await database.db.insert(cartLines).values({ cartId, productId: pin!.id, quantity: 3 });
        return cartId;
      }),
    );
    // Each cart asks for 3 of 10 (within one cart's cap of 5); together one address may hold 5. A check that read
    // the holds before another checkout's commit would let a second 3 through (3 <= half of the 7 left, rounded up).
    const results = await Promise.all(
      carts5.map((cartId, i) =>
        checkoutCart(database.db, { cartId, email: `pin${i}@example.com`, clientAddress: "203.0.113.50" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await stockOf(pin!.id)).toBe(7);
  });

  it("lists a delayed payment's hold as processing and does not release it", async () => {
    const { product, checkoutId } = await holdOf("Processing Scarf", 2);
    await database.db.update(checkouts).set({ status: "processing" }).where(eq(checkouts.id, checkoutId));
    const data = (await loader({
      request: browserRequest("/admin/products", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      holds: StockHold[];
    };
    expect(data.holds.find((hold) => hold.checkoutId === checkoutId)).toMatchObject({ processing: true, quantity: 2 });
    expect(await call({ intent: "release-hold", checkoutId })).toMatchObject({ status: 409, ok: false });
    expect(await stockOf(product.id)).toBe(8);
  });

  it("with Stripe, a payment page the buyer just paid is not released: Stripe refuses to expire it and nothing changes", async () => {
    const stripe = await startStripeStandIn();
    setPaymentProviderForTests(() => stripeProvider(stripeClient("sk_test_standin", stripe.url)));
    try {
      const paid = await holdOf("Paid Cap", 2);
      const session = [...stripe.sessions.values()].at(-1)!;
      stripe.complete(session.id, "paid");
      expect(await call({ intent: "release-hold", checkoutId: paid.checkoutId })).toMatchObject({
        status: 409,
        notice: { description: expect.stringContaining("paying") },
      });
      expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, paid.checkoutId) }))!.status).toBe(
        "open",
      );
      expect(await stockOf(paid.product.id)).toBe(8);

      // An unpaid page is expired at Stripe first, then the hold goes.
      const unpaid = await holdOf("Unpaid Cap", 2);
      const unpaidSession = [...stripe.sessions.values()].at(-1)!;
      expect(await call({ intent: "release-hold", checkoutId: unpaid.checkoutId })).toMatchObject({
        status: 200,
        ok: true,
      });
      expect(stripe.sessions.get(unpaidSession.id)!.status).toBe("expired");
      expect(await stockOf(unpaid.product.id)).toBe(10);
    } finally {
      setPaymentProviderForTests(undefined);
      await stripe.close();
    }
  });
});

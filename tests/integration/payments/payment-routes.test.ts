import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { readToast } from "~/core/toast.server";
import {
  cartLines,
  carts,
  checkouts,
  emailOutbox,
  orders,
  paymentEvents,
  products,
  stockReservations,
} from "~/db/schema";
import { CART_COOKIE } from "~/core/cart";
import { action as checkoutAction } from "~/routes/public/checkout";
import { action as sandboxAction, loader as sandboxLoader } from "~/routes/public/checkout-sandbox";
import { loader as paymentLoader } from "~/routes/public/payment-success";
import { action as webhookAction } from "~/routes/resources/webhooks-stripe";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { postDonation, validDonation } from "#tests/support/donations";
import { startStripeStandIn, type StripeStandIn } from "#tests/support/stripe-stand-in";
import type { CheckoutActionData } from "~/features/payments/checkout/checkout-data";
import type { PaymentResult } from "~/features/payments/checkout/payment-result.server";

const baseEnv = {
  NODE_ENV: "test",
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-payments-routes-")),
  SESSION_SECRET: "s".repeat(40),
  PUBLIC_URL: "http://citron.test",
};
let database: TestDatabase;
let stripe: StripeStandIn;
beforeAll(async () => {
  setEnvForTests(parseEnv(baseEnv));
  database = await createTestDatabase();
  stripe = await startStripeStandIn();
});
afterAll(async () => {
  setEnvForTests(undefined);
  await stripe?.close();
  await database?.destroy();
});
beforeEach(async () => {
  setEnvForTests(parseEnv(baseEnv));
  for (const table of [paymentEvents, emailOutbox, stockReservations, orders, checkouts, cartLines, carts, products]) {
    await database.db.delete(table);
  }
});

const CART_ID = "c".repeat(43);
const cartCookie = `${CART_COOKIE}=${encodeURIComponent(btoa(JSON.stringify(CART_ID)))}`;

async function seedCart() {
  const [shirt] = await database.db
    .insert(products)
    .values({ name: "District T-Shirt", price: 1800, displayOrder: 1, unlimitedStock: false, stockCount: 4 })
    .returning();
  await database.db.insert(carts).values({ id: CART_ID });
  await database.db.insert(cartLines).values({ cartId: CART_ID, productId: shirt!.id, quantity: 2 });
  return shirt!;
}

async function seedCartLine() {
  const [shirt] = await database.db.select().from(products);
  await database.db.insert(cartLines).values({ cartId: CART_ID, productId: shirt!.id, quantity: 2 });
}

async function callAction<T>(
  fn: (args: never) => Promise<unknown>,
  url: string,
  form: Record<string, string>,
  cookie = cartCookie,
) {
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(form),
  });
  const answer = await fn({ request, context: database.context(), params: {} } as never).catch(
    (error: unknown) => error,
  );
  return answer as T;
}

const unwrap = (answer: unknown) => answer as { data: CheckoutActionData; init: { status?: number } | null };

describe("/checkout", () => {
  it("prices from the catalogue whatever the post says", async () => {
    await seedCart();
    const answer = unwrap(
      await callAction(checkoutAction, "http://citron.test/checkout", {
        email: "p@example.com",
        price: "1",
        total: "1",
        productId: "x",
        unitAmount: "0",
      }),
    );
    expect(answer.data).toMatchObject({
      status: "ready",
      total: 3600,
      lines: [{ name: "District T-Shirt", quantity: 2, amount: 3600 }],
    });
    expect(answer.data.status === "ready" && answer.data.url).toMatch(/^\/checkout\/sandbox\?session_id=/);
  });

  it("answers docs/product.md's notices", async () => {
    await seedCart();
    const noEmail = unwrap(await callAction(checkoutAction, "http://citron.test/checkout", { email: " " }));
    expect(noEmail.init?.status).toBe(400);
    expect(noEmail.data).toEqual({
      status: "error",
      title: "Email Required",
      message: "Please enter your email address to continue.",
    });
    const noCart = unwrap(
      await callAction(checkoutAction, "http://citron.test/checkout", { email: "p@example.com" }, ""),
    );
    expect(noCart.data).toEqual({
      status: "error",
      title: "Empty Cart",
      message: "Please add items to your cart before checkout.",
    });
    // Neither a cart nor an email: the cart is named first, as docs/product.md#8-error-and-notice-texts lists them.
    const neither = unwrap(await callAction(checkoutAction, "http://citron.test/checkout", { email: "" }, ""));
    expect(neither.data).toMatchObject({ title: "Empty Cart" });
    await database.db.delete(cartLines);
    const emptied = unwrap(await callAction(checkoutAction, "http://citron.test/checkout", { email: "" }));
    expect(emptied.init?.status).toBe(400);
    expect(emptied.data).toMatchObject({ title: "Empty Cart" });
    await seedCartLine();
    await database.db.update(products).set({ stockCount: 1 });
    const soldOut = unwrap(await callAction(checkoutAction, "http://citron.test/checkout", { email: "p@example.com" }));
    expect(soldOut.init?.status).toBe(409);
    expect(soldOut.data).toEqual({
      status: "error",
      title: "Checkout Error",
      message: 'Failed to start checkout: only 1 of "District T-Shirt" left. Please try again.',
    });
  });
});

describe("sandbox and /payment-success", () => {
  async function startCheckout() {
    const shirt = await seedCart();
    const answer = unwrap(await callAction(checkoutAction, "http://citron.test/checkout", { email: "p@example.com" }));
    if (answer.data.status !== "ready") throw new Error("checkout did not start");
    const sessionId = new URL(answer.data.url, "http://citron.test").searchParams.get("session_id")!;
    return { shirt, sessionId };
  }
  const verify = async (sessionId: string | null) => {
    const url = `http://citron.test/payment-success${sessionId ? `?session_id=${sessionId}` : ""}`;
    const answer = (await paymentLoader({
      request: new Request(url),
      context: database.context(),
      params: {},
    } as never)) as unknown as { data: PaymentResult };
    return answer.data;
  };

  it("Pay completes the order through fulfilment; the result page and its reloads show success, one email", async () => {
    const { sessionId } = await startCheckout();
    expect(await verify(sessionId)).toEqual({ state: "processing" });
    const paid = (await callAction<Response>(sandboxAction, "http://citron.test/checkout/sandbox", {
      session_id: sessionId,
      intent: "pay",
    })) as Response;
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/payment-success?session_id=${sessionId}`);
    const first = await verify(sessionId);
    expect(first).toMatchObject({ state: "success", total: 3600, email: "p@example.com" });
    expect(await verify(sessionId)).toEqual(first);
    expect(await database.db.$count(emailOutbox)).toBe(1);
    expect(await database.db.$count(cartLines)).toBe(0);
    expect(await verify(null)).toEqual({ state: "missing" });
    expect(await verify("cs_unknown")).toMatchObject({ state: "failed" });
  });

  it("Decline fails the checkout, releases stock and leads back to the cart, which stays", async () => {
    const { shirt, sessionId } = await startCheckout();
    const declined = (await callAction<Response>(sandboxAction, "http://citron.test/checkout/sandbox", {
      session_id: sessionId,
      intent: "decline",
    })) as Response;
    expect(declined.headers.get("Location")).toBe("/fees#your-cart");
    expect((await database.db.query.products.findFirst({ where: eq(products.id, shirt.id) }))!.stockCount).toBe(4);
    expect(await database.db.$count(cartLines)).toBe(1);
    expect(await verify(sessionId)).toMatchObject({ state: "failed" });
  });

  it("Decline on a checkout already paid in another tab leads to the payment result, not to a decline notice", async () => {
    const { sessionId } = await startCheckout();
    await callAction<Response>(sandboxAction, "http://citron.test/checkout/sandbox", {
      session_id: sessionId,
      intent: "pay",
    });
    const declined = (await callAction<Response>(sandboxAction, "http://citron.test/checkout/sandbox", {
      session_id: sessionId,
      intent: "decline",
    })) as Response;
    expect(declined.headers.get("Location")).toBe(`/payment-success?session_id=${sessionId}`);
    expect(declined.headers.get("Set-Cookie")).toBeNull();
    expect(await verify(sessionId)).toMatchObject({ state: "success" });
  });

  it("Proceed to Checkout sent twice (a resubmitted form) answers the same payment page, and the cart is never sold out to its buyer", async () => {
    const { shirt, sessionId } = await startCheckout();
    const again = unwrap(await callAction(checkoutAction, "http://citron.test/checkout", { email: "p@example.com" }));
    expect(again.data).toMatchObject({ status: "ready", total: 3600 });
    expect(
      again.data.status === "ready" && new URL(again.data.url, "http://citron.test").searchParams.get("session_id"),
    ).toBe(sessionId);
    expect((await database.db.query.products.findFirst({ where: eq(products.id, shirt.id) }))!.stockCount).toBe(2);
  });

  it("a tribute gift's summary reads as the donor wrote it, not as it is stored", async () => {
    const donated = await postDonation(database, {
      ...validDonation,
      memorialType: "honor",
      memorialDetails: "Coach O'Neil",
    });
    if (donated.data.status !== "ready") throw new Error("donation checkout did not start");
    const sessionId = new URL(donated.data.checkout.url, "http://citron.test").searchParams.get("session_id")!;
    const request = new Request(`http://citron.test/checkout/sandbox?session_id=${sessionId}`);
    const page = (
      (await sandboxLoader({ request, context: database.context(), params: {} } as never)) as unknown as {
        data: { lines: Array<{ detail: string | null }> };
      }
    ).data;
    expect(page.lines.map((line) => line.detail)).toEqual(["Ruth Adler, In honor of Coach O'Neil"]);
  });

  it("a declined donation leads back to /donate and never speaks of a cart", async () => {
    const donated = await postDonation(database, validDonation);
    if (donated.data.status !== "ready") throw new Error("donation checkout did not start");
    const sessionId = new URL(donated.data.checkout.url, "http://citron.test").searchParams.get("session_id")!;
    const page = async () => {
      const request = new Request(`http://citron.test/checkout/sandbox?session_id=${sessionId}`);
      return (
        (await sandboxLoader({ request, context: database.context(), params: {} } as never)) as unknown as {
          data: Record<string, unknown>;
        }
      ).data;
    };
    expect(await page()).toMatchObject({ open: true, cancelPath: "/donate" });

    const declined = (await callAction<Response>(
      sandboxAction,
      "http://citron.test/checkout/sandbox",
      { session_id: sessionId, intent: "decline" },
      "",
    )) as Response;
    expect(declined.headers.get("Location")).toBe("/donate");
    const flash = new Request("http://citron.test/donate", {
      headers: { Cookie: declined.headers.get("Set-Cookie")!.split(";")[0]! },
    });
    const { toast } = await readToast(flash);
    expect(toast).toEqual({
      type: "error",
      title: "Payment declined",
      description: "No payment was taken and no donation was made. You can try again.",
    });
    expect(await page()).toMatchObject({
      open: false,
      closedText: "This checkout is closed (declined or expired). Start again from the donation page.",
    });
    expect(await verify(sessionId)).toEqual({
      state: "failed",
      message: "The payment was declined. No donation was made; you can try again.",
    });
  });

  it("the sandbox is never served when Stripe keys are set", async () => {
    const { sessionId } = await startCheckout();
    setEnvForTests(
      parseEnv({
        ...baseEnv,
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_API_URL: stripe.url,
      }),
    );
    const request = new Request(`http://citron.test/checkout/sandbox?session_id=${sessionId}`);
    const thrown = (await sandboxLoader({ request, context: database.context(), params: {} } as never).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.status).toBe(404);
    const posted = (await callAction<Response>(sandboxAction, "http://citron.test/checkout/sandbox", {
      session_id: sessionId,
      intent: "pay",
    })) as Response;
    expect(posted.status).toBe(404);
    expect(await database.db.$count(checkouts, eq(checkouts.status, "completed"))).toBe(0);
  });
});

describe("POST /webhooks/stripe", () => {
  it("reads the raw body and answers 400 on a bad or missing signature, 200 on a good one (storing nothing for a session not ours)", async () => {
    setEnvForTests(
      parseEnv({
        ...baseEnv,
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_route",
        STRIPE_API_URL: stripe.url,
      }),
    );
    const session = { ...[...stripe.sessions.values()][0]!, client_reference_id: null, metadata: {} };
    const event = stripe.event("checkout.session.expired", session, "whsec_route");
    const post = (signature: string | null) =>
      webhookAction({
        request: new Request("http://citron.test/webhooks/stripe", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
          body: event.payload,
        }),
        context: database.context(),
        params: {},
      } as never);
    expect((await post(null)).status).toBe(400);
    expect((await post("t=1,v1=deadbeef")).status).toBe(400);
    expect(await database.db.$count(paymentEvents)).toBe(0);
    expect((await post(event.signature)).status).toBe(200);
    expect(await database.db.$count(paymentEvents)).toBe(0);
  });
});

import { SANDBOX_NOTICE } from "~/features/payments/sandbox-notice";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { checkouts, orders } from "~/db/schema";
import { emailOutbox } from "~/db/schema/email";
import { rateLimits } from "~/db/schema/rate-limits";
import { listDonations } from "./donations.server";
import { memorialLabel } from "~/features/payments/memorial";
import { findReceipt } from "./receipt.server";
import { NO_GOODS_OR_SERVICES, receiptNumber } from "./receipt";
import { donationMessages } from "./schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import {
  fulfilPaid,
  spyOpenCheckout,
  postDonation,
  useDonationTestEnv,
  useTestProvider,
  validDonation,
} from "#tests/support/donations";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import type { OpenCheckout } from "./donate-action.server";
import { linkToken } from "~/core/link-tokens.server";

let database: TestDatabase;
beforeAll(async () => {
  useDonationTestEnv();
  useTestProvider();
  database = await createTestDatabase();
});
afterAll(async () => {
  setEnvForTests(undefined);
  setPaymentProviderForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimits);
});

const errorsOf = (answer: Awaited<ReturnType<typeof postDonation>>) =>
  (answer.data as { result?: { error?: Record<string, string[] | null> } }).result?.error ?? {};

describe("the donation action", () => {
  it("opens one donation checkout with one pending orders row, fee covered", async () => {
    const calls: Parameters<OpenCheckout>[1][] = [];
    const answer = await postDonation(database, validDonation, { openCheckout: spyOpenCheckout(calls) });
    expect(answer.status).toBe(200);
    expect(answer.data.status).toBe("ready");
    if (answer.data.status !== "ready") return;
    expect(answer.data.checkout.summary).toEqual({
      donorName: "Ruth Adler",
      email: "ruth.adler@example.com",
      giftCents: 5000,
      feeCents: 181,
      totalCents: 5181,
      tribute: "In memory of Rabbi Samuel Katz",
      notifyEmail: "katz.family@example.com",
    });
    expect(answer.data.checkout.url).toMatch(/^https:\/\/pay\.example\.test\//);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      kind: "donation",
      email: "ruth.adler@example.com",
      cancelPath: "/donate",
      lineItems: [
        { name: "Donation to Citron Online District", unitAmount: 5000, quantity: 1 },
        { name: "Card fee covered", unitAmount: 181, quantity: 1 },
      ],
    });

    const rows = await database.db.select().from(orders);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      itemName: "Donation",
      itemDescription: "Donation to Citron Online District in memory of Rabbi Samuel Katz (card fee covered)",
      itemQuantity: 1,
      studentName: "Ruth Adler",
      eventType: "memory:Rabbi Samuel Katz",
      totalAmount: 5181,
      customerEmail: "ruth.adler@example.com",
      status: "pending",
    });
    expect(rows[0]!.itemName).toContain("Donation");
    // Pending gifts are not in View Donations.
    expect((await listDonations(database.db, { email: "", page: 1 })).rows).toHaveLength(0);
  });

  it("a plain gift without the fee: no tribute, no notice address, the gift alone", async () => {
    const answer = await postDonation(database, {
      ...validDonation,
      memorialType: "none",
      memorialDetails: "left over",
      notifyEmail: "someone@example.com",
      coverFee: "",
      amount: "25.50",
    });
    expect(answer.data.status).toBe("ready");
    const [row] = await database.db.select().from(orders);
    expect(row).toMatchObject({
      eventType: null,
      totalAmount: 2550,
      itemDescription: "Donation to Citron Online District",
    });
    const [checkout] = await database.db.select().from(checkouts);
    expect(checkout!.details).toEqual({
      donation: {
        firstName: "Ruth",
        lastName: "Adler",
        giftCents: 2550,
        feeCents: 0,
        tribute: null,
        notifyEmail: null,
      },
    });
  });

  it("an honor gift is recorded as honor:{details}", async () => {
    await postDonation(database, {
      ...validDonation,
      memorialType: "honor",
      memorialDetails: "Coach Levine",
      coverFee: "",
    });
    const [row] = await database.db.select().from(orders);
    expect(row).toMatchObject({ eventType: "honor:Coach Levine", totalAmount: 5000 });
    expect(memorialLabel(row!.eventType)).toBe("In honor of Coach Levine");
  });

  it("answers 400 with every docs/product.md message and opens nothing", async () => {
    const calls: Parameters<OpenCheckout>[1][] = [];
    const answer = await postDonation(
      database,
      { firstName: " ", lastName: "", email: "not-an-email", amount: "", memorialType: "honor", website: "" },
      { openCheckout: spyOpenCheckout(calls) },
    );
    expect(answer.status).toBe(400);
    expect(answer.data.status).toBe("invalid");
    expect(errorsOf(answer)).toMatchObject({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Valid email is required"],
      amount: ["Donation amount must be at least $1"],
      // Ours, shown together with docs/product.md's.
      memorialDetails: ["Please enter the name of the person you give in honor of"],
    });
    expect(calls).toHaveLength(0);
    expect(await database.db.$count(checkouts)).toBe(0);
  });

  it.each([
    ["0", donationMessages.amountMin],
    ["0.5", donationMessages.amountMin],
    ["0.99", donationMessages.amountMin],
    ["1.005", donationMessages.amountDecimals],
    ["12..5", donationMessages.amountMin],
    ["1e3", donationMessages.amountMin],
    ["10000.01", donationMessages.amountMax(1_000_000, "info@example.org")],
    ["99999999999999999999999999", donationMessages.amountMax(1_000_000, "info@example.org")],
  ])("amount %j is refused: %s", async (amount, message) => {
    const calls: Parameters<OpenCheckout>[1][] = [];
    const answer = await postDonation(database, { ...validDonation, amount }, { openCheckout: spyOpenCheckout(calls) });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer).amount).toEqual([message]);
    expect(calls).toHaveLength(0);
  });

  it("the maximum's message says what to do instead", () => {
    expect(donationMessages.amountMax(1_000_000, "info@example.org")).toBe(
      "Online donations can be at most $10,000.00. For a larger gift, please write to us at info@example.org.",
    );
  });

  it.each([
    ["1", 100],
    ["1.00", 100],
    ["10000", 1_000_000],
    ["1000", 100_000],
  ])("amount %j is accepted as %i cents", async (amount, cents) => {
    const answer = await postDonation(database, { ...validDonation, amount, coverFee: "" });
    expect(answer.status).toBe(200);
    const [row] = await database.db.select().from(orders);
    expect(row!.totalAmount).toBe(cents);
  });

  it("a tribute needs the person's name; a bad notice address is refused", async () => {
    const answer = await postDonation(database, { ...validDonation, memorialDetails: " ", notifyEmail: "nope" });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toMatchObject({
      memorialDetails: ["Please enter the name of the person you give in memory of"],
      notifyEmail: [donationMessages.notifyEmail],
    });
  });

  it("a refused checkout answers Failed to process donation: {message} and keeps what was typed", async () => {
    const refuse: OpenCheckout = async () => ({
      ok: false,
      status: 502,
      message: "The card provider is not answering.",
    });
    const answer = await postDonation(database, validDonation, { openCheckout: refuse });
    expect(answer.status).toBe(502);
    expect(answer.data).toMatchObject({
      status: "error",
      message: "Failed to process donation: The card provider is not answering.",
    });
    const result = (answer.data as { result?: { initialValue?: Record<string, unknown> } }).result;
    expect(result?.initialValue).toMatchObject({
      firstName: "Ruth",
      amount: "50",
      memorialDetails: "Rabbi Samuel Katz",
    });

    const thrown = await postDonation(database, validDonation, {
      openCheckout: async () => {
        throw new Error("boom");
      },
    });
    expect(thrown.status).toBe(503);
    expect(thrown.data).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^Failed to process donation: /),
    });
  });

  it("when the provider fails, the donor sees Failed to process donation: {message} and the checkout is failed", async () => {
    setPaymentProviderForTests(() => ({
      name: "sandbox",
      createSession: async () => {
        throw new Error("Card provider unavailable");
      },
      retrieveSession: async () => {
        throw new Error("unused");
      },
      expireSession: async () => {},
    }));
    try {
      const answer = await postDonation(database, validDonation);
      expect(answer.status).toBe(502);
      expect(answer.data).toMatchObject({
        status: "error",
        message: "Failed to process donation: Card provider unavailable",
      });
      const [row] = await database.db.select().from(orders);
      expect(row!.status).toBe("failed");
    } finally {
      useTestProvider();
    }
  });

  it("a filled honeypot opens nothing", async () => {
    const calls: Parameters<OpenCheckout>[1][] = [];
    const answer = await postDonation(
      database,
      { ...validDonation, website: "http://spam.example" },
      { openCheckout: spyOpenCheckout(calls) },
    );
    expect(answer.status).toBe(400);
    expect(calls).toHaveLength(0);
  });

  it("refuses a body that is not a form with 415", async () => {
    const answer = await postDonation(database, JSON.stringify(validDonation), { contentType: "application/json" });
    expect(answer.status).toBe(415);
    expect(answer.data.status).toBe("error");
  });

  it("limits donation checkouts per client address: the fourth gets 429 with a clear message", async () => {
    const calls: Parameters<OpenCheckout>[1][] = [];
    const open = spyOpenCheckout(calls);
    for (let i = 0; i < 3; i++) {
      expect((await postDonation(database, validDonation, { openCheckout: open })).status).toBe(200);
    }
    const refused = await postDonation(database, validDonation, { openCheckout: open });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({
      status: "error",
      message: expect.stringMatching(
        /^Failed to process donation: Too many donation attempts from your connection\. Please wait \d+ minutes/,
      ),
    });
    expect(calls).toHaveLength(3);
    // Another address is not affected; invalid forms do not count.
    expect(
      (await postDonation(database, validDonation, { openCheckout: open, clientAddress: "198.51.100.7" })).status,
    ).toBe(200);
    for (let i = 0; i < 5; i++) {
      await postDonation(database, { ...validDonation, amount: "0" }, { clientAddress: "198.51.100.8" });
    }
    expect(
      (await postDonation(database, validDonation, { openCheckout: open, clientAddress: "198.51.100.8" })).status,
    ).toBe(200);
  });
});

describe("a completed donation's emails and receipt", () => {
  it("queues exactly one receipt and one tribute notice, however often fulfilment runs", async () => {
    await postDonation(database, validDonation);
    const [checkout] = await database.db.select().from(checkouts);
    // Webhook, return page and a repeated webhook, two of them at the same moment.
    await Promise.all([fulfilPaid(database.db, checkout!.id), fulfilPaid(database.db, checkout!.id)]);
    expect(await fulfilPaid(database.db, checkout!.id)).toBe(true);

    const emails = await database.db.select().from(emailOutbox).orderBy(emailOutbox.createdAt);
    expect(emails).toHaveLength(2);
    const receipt = emails.find((email) => email.to === "ruth.adler@example.com")!;
    const notice = emails.find((email) => email.to === "katz.family@example.com")!;

    const number = receiptNumber(checkout!);
    // Made with the sandbox: every message says it is a test and no payment was taken (decision 0024).
    expect(receipt.subject).toBe(
      `[TEST, no payment taken] Your donation receipt ${number} from Citron Online District`,
    );
    expect(receipt.text).toContain(SANDBOX_NOTICE);
    for (const fact of [
      "Citron Online District, Inc.",
      "EIN (tax ID): 12-3456789",
      "Donor: Ruth Adler",
      "Amount: $51.81 (includes $1.81 you added to cover card fees)",
      NO_GOODS_OR_SERVICES,
      "Tribute: In memory of Rabbi Samuel Katz",
      `Receipt number: ${number}`,
      `https://citron.example.org/donate/receipt/${linkToken("receipt", checkout!.id)}`,
    ]) {
      expect(receipt.text).toContain(fact);
    }
    expect(receipt.text).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(receipt.html).toContain("Ruth Adler");

    expect(notice.subject).toBe("[TEST, no payment taken] Ruth Adler made a gift in memory of Rabbi Samuel Katz");
    expect(notice.text).toContain(SANDBOX_NOTICE);
    expect(notice.text).toContain(
      "Ruth Adler has made a gift to Citron Online District in memory of Rabbi Samuel Katz",
    );
    expect(`${notice.text}${notice.html}`).not.toMatch(/\$|51\.81|50\.00|5181/);

    const [row] = await database.db.select().from(orders);
    expect(row!.status).toBe("completed");
    const page = await listDonations(database.db, { email: "", page: 1 });
    expect(page.rows.map((r) => [r.studentName, r.totalAmount, memorialLabel(r.eventType), r.provider])).toEqual([
      ["Ruth Adler", 5181, "In memory of Rabbi Samuel Katz", "sandbox"],
    ]);
  });

  it("no tribute notice without an address or without a tribute", async () => {
    await postDonation(database, { ...validDonation, notifyEmail: "" });
    await postDonation(database, { ...validDonation, memorialType: "none" }, { clientAddress: "198.51.100.20" });
    for (const checkout of await database.db.select().from(checkouts)) await fulfilPaid(database.db, checkout.id);
    const emails = await database.db.select().from(emailOutbox);
    expect(emails.map((email) => email.to).sort()).toEqual(["ruth.adler@example.com", "ruth.adler@example.com"]);
    expect(emails.filter((email) => email.text.includes("Tribute:"))).toHaveLength(1);
  });

  it("the printable receipt is found by its token only once the gift is paid", async () => {
    await postDonation(database, validDonation);
    const [checkout] = await database.db.select().from(checkouts);
    expect(await findReceipt(database.db, linkToken("receipt", checkout!.id))).toBeNull();
    await fulfilPaid(database.db, checkout!.id);
    const receipt = await findReceipt(database.db, linkToken("receipt", checkout!.id));
    expect(receipt).toMatchObject({
      number: receiptNumber(checkout!),
      legalName: "Citron Online District, Inc.",
      taxId: "12-3456789",
      donorName: "Ruth Adler",
      totalCents: 5181,
      feeCents: 181,
      tribute: "In memory of Rabbi Samuel Katz",
      test: true, // the sandbox's: the page says it is no receipt
    });
    expect(await findReceipt(database.db, `${linkToken("receipt", checkout!.id)}x`)).toBeNull();
    expect(await findReceipt(database.db, "short")).toBeNull();
    // A shop checkout's token never shows a donation receipt.
    await database.db.update(checkouts).set({ kind: "shop" }).where(eq(checkouts.id, checkout!.id));
    expect(await findReceipt(database.db, linkToken("receipt", checkout!.id))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { Checkout, Order } from "~/db/schema";
import { buildReceipt, receiptEmail } from "~/features/donations/receipt";
import { shopConfirmationEmail } from "./checkout/confirmation-email";
import { providerLabel, SANDBOX_NOTICE } from "./sandbox-notice";

const checkout = (provider: "stripe" | "sandbox"): Checkout => ({
  id: "0b6f2c1e-4d5a-4e7b-9c3d-2f1a0e9b8c7d",
  kind: "shop",
  status: "completed",
  failureReason: null,
  provider,
  providerSessionId: "cs_1",
  providerUrl: null,
  cartId: null,
  holderAddress: null,
  email: "parent@example.com",
  totalAmount: 1800,
  currency: "usd",
  details: null,
  publicTokenHash: "token",
  expiresAt: new Date("2026-11-25T15:00:00Z"),
  completedAt: new Date("2026-11-25T14:40:00Z"),
  createdAt: new Date("2026-11-25T14:30:00Z"),
  updatedAt: new Date("2026-11-25T14:40:00Z"),
});
const order = { itemName: "District T-Shirt", itemQuantity: 1, totalAmount: 1800 } as Order;
const identity = {
  legalName: "Citron Online District, Inc.",
  taxId: "12-3456789",
  siteName: "Citron",
  publicUrl: "https://citron.example",
};

describe("what the sandbox produces says it is a test (decision 0024)", () => {
  it("the shop's confirmation: a test and no payment taken in the sandbox, a receipt with Stripe", () => {
    const test = shopConfirmationEmail(checkout("sandbox"), [order]);
    expect(test.subject).toMatch(/^\[TEST, no payment taken\] Your order /);
    expect(test.text).toContain(SANDBOX_NOTICE);
    expect(test.text).not.toContain("Your payment was received");
    const real = shopConfirmationEmail(checkout("stripe"), [order]);
    expect(real.subject).toMatch(/^Your order /);
    expect(real.text).not.toContain("TEST MODE");
    expect(real.text).toContain("Your payment was received");
  });

  it("the donation receipt says it is no receipt for tax purposes in the sandbox", () => {
    const tokens = { receipt: "r".repeat(32), manage: null };
    const test = receiptEmail(
      buildReceipt({ ...checkout("sandbox"), kind: "donation" }, order, identity, tokens),
      "Citron",
    );
    expect(test.subject).toMatch(/^\[TEST, no payment taken\]/);
    expect(test.text).toContain(`${SANDBOX_NOTICE} This is not a receipt for tax purposes.`);
    const real = receiptEmail(
      buildReceipt({ ...checkout("stripe"), kind: "donation" }, order, identity, tokens),
      "Citron",
    );
    expect(real.text).not.toContain("TEST MODE");
  });

  it("names the provider for the dashboards", () => {
    expect(providerLabel("sandbox")).toBe("Test (sandbox)");
    expect(providerLabel("stripe")).toBe("Stripe");
    expect(providerLabel(null)).toBe("");
  });
});

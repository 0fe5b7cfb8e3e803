import { describe, expect, it } from "vitest";
import { closedCheckoutText, declinedNotice, returnPathFor, unpaidMessage } from "./unpaid";

describe("texts of an unpaid checkout", () => {
  it("keep the cart for the shop and lead back to it", () => {
    expect(returnPathFor("shop")).toBe("/fees#your-cart");
    expect(unpaidMessage("shop", "declined")).toBe(
      "The payment was declined. Your cart is kept, so you can try again.",
    );
    expect(unpaidMessage("shop", "expired")).toBe(
      "This checkout expired before it was paid. Your cart is kept, so you can start again.",
    );
    expect(declinedNotice("shop").description).toContain("Your cart is kept");
    expect(closedCheckoutText("shop")).toMatch(/Start again from your cart\.$/);
  });

  it("never speak of a cart to a donor, and lead back to /donate", () => {
    expect(returnPathFor("donation")).toBe("/donate");
    for (const text of [
      unpaidMessage("donation", "declined"),
      unpaidMessage("donation", "expired"),
      declinedNotice("donation").description,
      closedCheckoutText("donation"),
    ]) {
      expect(text).not.toMatch(/cart/i);
    }
    expect(unpaidMessage("donation", "declined")).toBe(
      "The payment was declined. No donation was made; you can try again.",
    );
    expect(closedCheckoutText("donation")).toMatch(/Start again from the donation page\.$/);
  });
});

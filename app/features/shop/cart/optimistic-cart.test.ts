import { describe, expect, it } from "vitest";
import type { FeedProduct } from "~/features/products/feed/feed";
import { applyPendingChanges, cartTotals, pendingChangeOf, type ShownLine } from "./optimistic-cart";

const tote: FeedProduct = {
  id: "p-tote",
  name: "Lectern Tote Bag",
  description: null,
  price: 1800,
  imageUrl: null,
  category: "apparel",
  isActive: true,
  displayOrder: 7,
  unlimitedStock: false,
  stockCount: 3,
  registrationKind: "none",
};
const fee: FeedProduct = {
  ...tote,
  id: "p-fee",
  name: "Judge Fee",
  registrationKind: "judgeFee",
  price: 4000,
  unlimitedStock: true,
  stockCount: null,
};

const line = (id: string, quantity: number, price = 1800, productId = "p-tote"): ShownLine => ({
  id,
  productId,
  quantity,
  registration: null,
  product: { name: "x", price },
  problem: null,
  lineTotal: price * quantity,
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("optimistic cart", () => {
  it("reads the cart forms, and ignores a posted price", () => {
    expect(pendingChangeOf(form({ intent: "quantity", lineId: "l1", quantity: "3" }))).toEqual({
      intent: "quantity",
      lineId: "l1",
      quantity: 3,
    });
    expect(pendingChangeOf(form({ intent: "remove", lineId: "l1" }))).toEqual({ intent: "remove", lineId: "l1" });
    expect(pendingChangeOf(form({ intent: "add", productId: "p-fee", schoolName: " Riverside ", price: "1" }))).toEqual(
      {
        intent: "add",
        productId: "p-fee",
        registration: { schoolName: "Riverside" },
      },
    );
    expect(pendingChangeOf(form({ intent: "quantity", lineId: "l1", quantity: "two" }))).toBeNull();
    expect(pendingChangeOf(undefined)).toBeNull();
  });

  it("changes quantities, removes at 0 or less, and totals from the catalogue's prices", () => {
    const lines = [line("a", 1), line("b", 2, 4000, "p-fee")];
    const next = applyPendingChanges(lines, [{ intent: "quantity", lineId: "a", quantity: 3 }], [tote, fee]);
    expect(next.map((l) => l.quantity)).toEqual([3, 2]);
    expect(cartTotals(next)).toEqual({ subtotal: 3 * 1800 + 2 * 4000, total: 3 * 1800 + 2 * 4000, itemCount: 5 });
    expect(applyPendingChanges(lines, [{ intent: "quantity", lineId: "a", quantity: 0 }], []).map((l) => l.id)).toEqual(
      ["b"],
    );
    expect(
      applyPendingChanges(lines, [{ intent: "quantity", lineId: "a", quantity: -2 }], []).map((l) => l.id),
    ).toEqual(["b"]);
    expect(applyPendingChanges(lines, [{ intent: "remove", lineId: "b" }], []).map((l) => l.id)).toEqual(["a"]);
  });

  it("adds a plain product to its line, and each registration as its own line", () => {
    const lines = [line("a", 1)];
    expect(
      applyPendingChanges(lines, [{ intent: "add", productId: "p-tote", registration: null }], [tote])[0]?.quantity,
    ).toBe(2);
    const registered = applyPendingChanges(
      [],
      [
        { intent: "add", productId: "p-fee", registration: { schoolName: "One" } },
        { intent: "add", productId: "p-fee", registration: { schoolName: "Two" } },
      ],
      [fee],
    );
    expect(registered.map((l) => l.registration?.schoolName)).toEqual(["One", "Two"]);
    expect(registered.every((l) => l.pending && l.lineTotal === 4000)).toBe(true);
  });
});

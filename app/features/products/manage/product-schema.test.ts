import { describe, expect, it } from "vitest";
import { parseProductForm } from "./product-form";
import { parseProduct, productMessages } from "./product-schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the product form's one schema", () => {
  it("reads a limited product into cents and a count", () => {
    expect(
      parseProductForm(
        form({ name: " Tee ", price: "19.99", stockCount: "4", category: "", registrationKind: "judgeFee" }),
      ),
    ).toEqual({
      ok: true,
      values: {
        name: "Tee",
        description: null,
        price: 1999,
        category: null,
        unlimitedStock: false,
        stockCount: 4,
        isActive: true,
        imageUrl: null,
        registrationKind: "judgeFee",
      },
    });
  });

  it("keeps the product's registration form when the field is not sent; empty is a plain product; others are refused", () => {
    const kept = parseProductForm(form({ name: "Tee", price: "1", unlimitedStock: "on" }));
    expect(kept.ok && kept.values.registrationKind).toBeNull();
    const plain = parseProductForm(form({ name: "Tee", price: "1", unlimitedStock: "on", registrationKind: "" }));
    expect(plain.ok && plain.values.registrationKind).toBe("none");
    expect(
      parseProductForm(form({ name: "Tee", price: "1", unlimitedStock: "on", registrationKind: "raffle" })),
    ).toEqual({
      ok: false,
      errors: { registrationKind: productMessages.registrationKind },
    });
  });

  it("gives each field its message, the stock rules included when another field failed too", () => {
    expect(parseProductForm(form({ name: "  ", price: "1.234", stockCount: "" }))).toEqual({
      ok: false,
      errors: {
        name: "Name is required",
        price: "Price can have at most two decimal places",
        stockCount: "Stock count is required when stock is limited",
      },
    });
    expect(parseProductForm(new FormData())).toMatchObject({
      ok: false,
      errors: { name: "Name is required", price: "Price is required" },
    });
    expect(parseProductForm(form({ name: "Tee", price: "-1", stockCount: "2.5" }))).toEqual({
      ok: false,
      errors: { price: "Price cannot be negative", stockCount: "Stock count must be a whole number, 0 or more" },
    });
    // Ignored while unlimited.
    expect(parseProductForm(form({ name: "Tee", price: "1", unlimitedStock: "on", stockCount: "x" })).ok).toBe(true);
  });

  it("gives the browser the same messages, per field, as Conform reads them", () => {
    const submission = parseProduct(form({ name: "", price: "ten" }));
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : null).toMatchObject({
      name: ["Name is required"],
      price: ["Price must be a number"],
      stockCount: [productMessages.stockRequired],
    });
  });
});

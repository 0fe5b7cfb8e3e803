import { describe, expect, it } from "vitest";
import { productNotices } from "./notices";
import { saveFailureNotice } from "./save-failure";

const wrapped = (code: string) =>
  Object.assign(new Error("Failed query: insert into products ... params: secret"), { cause: { code } });

describe("saveFailureNotice (docs/product.md#8-error-and-notice-texts)", () => {
  it.each([
    ["23514", "Failed to create product: the database refused one of the values. Check the fields and try again."],
    ["23505", "Failed to create product: another product already has one of these values."],
    ["40001", "Failed to create product: another change reached this product at the same moment. Please try again."],
    [
      "08006",
      "Failed to create product: the database did not answer. Nothing was saved; please try again in a moment.",
    ],
    [
      "ECONNREFUSED",
      "Failed to create product: the database did not answer. Nothing was saved; please try again in a moment.",
    ],
  ])("says what went wrong for %s, without the query", (code, description) => {
    const notice = saveFailureNotice(productNotices.createFailed, wrapped(code));
    expect(notice).toEqual({ type: "error", title: "Error", description });
    expect(notice.description).not.toContain("params");
  });

  it("keeps docs/product.md's plain notice for anything else", () => {
    expect(saveFailureNotice(productNotices.updateFailed, new Error("boom"))).toEqual(productNotices.updateFailed);
    expect(saveFailureNotice(productNotices.updateFailed, wrapped("XX000"))).toEqual(productNotices.updateFailed);
    expect(saveFailureNotice(productNotices.updateFailed, "text")).toEqual(productNotices.updateFailed);
  });
});

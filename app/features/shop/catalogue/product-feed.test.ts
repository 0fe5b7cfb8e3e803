import { describe, expect, it } from "vitest";
import type { FeedProduct } from "~/features/products/feed/feed";
import { applyFeedMessage, feedNotices } from "./product-feed";

const product = (id: string, displayOrder: number, extra: Partial<FeedProduct> = {}): FeedProduct => ({
  id,
  name: `Product ${id}`,
  description: null,
  price: 1000,
  imageUrl: null,
  category: "apparel",
  isActive: true,
  displayOrder,
  unlimitedStock: true,
  stockCount: null,
  registrationKind: "none",
  ...extra,
});

const list = [product("a", 1), product("c", 3)];
const ids = (products: FeedProduct[]) => products.map((p) => p.id);

describe("applyFeedMessage (docs/product.md#4-states-and-transitions, live products)", () => {
  it("adds an active insert in display order with New Product Available", () => {
    const { list: next, notice } = applyFeedMessage(list, { op: "insert", id: "b", product: product("b", 2) });
    expect(ids(next)).toEqual(["a", "b", "c"]);
    expect(notice?.title).toBe(feedNotices.added);
  });

  it("ignores an inactive insert", () => {
    const result = applyFeedMessage(list, { op: "insert", id: "b", product: product("b", 2, { isActive: false }) });
    expect(ids(result.list)).toEqual(["a", "c"]);
    expect(result.notice).toBeNull();
  });

  it("replaces an updated product with Product Updated, and re-sorts it", () => {
    const { list: next, notice } = applyFeedMessage(list, {
      op: "update",
      id: "a",
      product: product("a", 4, { name: "Renamed" }),
    });
    expect(ids(next)).toEqual(["c", "a"]);
    expect(next[1]?.name).toBe("Renamed");
    expect(notice?.title).toBe(feedNotices.updated);
  });

  it("changes only the count, without a notice, when only the stock moved (a checkout reserved or released it)", () => {
    const limited = [product("a", 1, { unlimitedStock: false, stockCount: 3 }), product("c", 3)];
    const { list: next, notice } = applyFeedMessage(limited, {
      op: "update",
      id: "a",
      product: product("a", 1, { unlimitedStock: false, stockCount: 1 }),
    });
    expect(next[0]?.stockCount).toBe(1);
    expect(notice).toBeNull();
    // Any other change still says Product Updated.
    const repriced = applyFeedMessage(limited, {
      op: "update",
      id: "a",
      product: product("a", 1, { unlimitedStock: false, stockCount: 1, price: 900 }),
    });
    expect(repriced.notice?.title).toBe(feedNotices.updated);
  });

  it("removes a deactivated or deleted product with Product Removed", () => {
    const deactivated = applyFeedMessage(list, {
      op: "update",
      id: "a",
      product: product("a", 1, { isActive: false }),
    });
    expect(ids(deactivated.list)).toEqual(["c"]);
    expect(deactivated.notice).toMatchObject({ title: feedNotices.removed, description: "Product a" });
    const deleted = applyFeedMessage(list, { op: "delete", id: "c", product: null });
    expect(ids(deleted.list)).toEqual(["a"]);
    expect(deleted.notice?.title).toBe(feedNotices.removed);
  });

  it("shows a product that became active as new", () => {
    const { list: next, notice } = applyFeedMessage(list, { op: "update", id: "b", product: product("b", 2) });
    expect(ids(next)).toEqual(["a", "b", "c"]);
    expect(notice?.title).toBe(feedNotices.added);
  });

  it("says nothing about a product it never showed going away", () => {
    expect(applyFeedMessage(list, { op: "delete", id: "zz", product: null }).notice).toBeNull();
  });
});

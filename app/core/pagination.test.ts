import { describe, expect, it } from "vitest";
import { pageHref, paginate } from "./pagination";

describe("pagination", () => {
  it.each([
    [0, 1, { page: 1, pageCount: 1, offset: 0 }],
    [120, 1, { page: 1, pageCount: 5, offset: 0, limit: 25 }],
    [120, 5, { page: 5, pageCount: 5, offset: 100 }],
    [120, 9, { page: 5, pageCount: 5, offset: 100 }],
    [25, 2, { page: 1, pageCount: 1, offset: 0 }],
  ])("%i rows, page %i", (total, requested, expected) => {
    expect(paginate(total, requested)).toMatchObject(expected);
  });
  it("keeps the filters in page links", () => {
    expect(pageHref("/orders", "student=Eli&page=2", 3)).toBe("/orders?student=Eli&page=3");
    expect(pageHref("/orders", "student=Eli&page=2", 1)).toBe("/orders?student=Eli");
    expect(pageHref("/orders", "", 1)).toBe("/orders");
  });
});

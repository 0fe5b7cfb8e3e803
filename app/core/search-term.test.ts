import { describe, expect, it } from "vitest";
import { searchTerm } from "./search-term";

describe("searchTerm", () => {
  it("trims, drops control characters (a NUL first) and keeps to its length", () => {
    expect(searchTerm(10).parse("  Maya\u0000 Gold\tberg\u007f ")).toBe("Maya Goldb");
    expect(searchTerm(100).parse("\u0000")).toBe("");
    expect(searchTerm(100).parse("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });

  it("falls back to no filter for anything but text", () => {
    expect(searchTerm(10).parse(42)).toBe("");
    expect(searchTerm(10).parse(null)).toBe("");
  });
});

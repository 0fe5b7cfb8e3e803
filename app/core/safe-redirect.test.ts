import { describe, expect, it } from "vitest";
import { isSitePath, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    // Paths on this site pass, with query and hash.
    ["/orders", "/orders"],
    ["/admin/users?page=2", "/admin/users?page=2"],
    ["/events#calendar", "/events#calendar"],
    ["/guide?event=lincoln-douglas-debate", "/guide?event=lincoln-douglas-debate"],
    ["/a/../orders", "/orders"],
    // Everything that could leave the site falls back.
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\r\n/evil.example", "/"],
    ["\t//evil.example", "/"],
    ["/%09/evil.example", "/"],
    ["/%0a/evil.example", "/"],
    ["/%250a/evil.example", "/"],
    ["/\\/evil.example", "/"],
    ["/\\evil.example", "/"],
    ["\\\\evil.example", "/"],
    ["/%5C/evil.example", "/"],
    ["//evil.example", "/"],
    ["///evil.example", "/"],
    ["/%2F/evil.example", "/"],
    ["/%2f%2fevil.example", "/"],
    ["%2F%2Fevil.example", "/"],
    ["/%252F/evil.example", "/"],
    ["https://evil.example/", "/"],
    ["http:/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["JaVaScRiPt:alert(1)", "/"],
    ["data:text/html,hi", "/"],
    ["orders", "/"],
    ["/%E0%A4%A", "/"],
    ["/\u0000", "/"],
    ["/\u007f", "/"],
    ["", "/"],
    [null, "/"],
    [undefined, "/"],
    [42, "/"],
    [`/${"a".repeat(3000)}`, "/"],
  ])("%j goes to %j", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    ["/admin/donations.data", "/admin/donations"],
    ["/orders.data?student=Ana&_routes=routes%2Forders", "/orders?student=Ana"],
    ["/_root.data", "/"],
    ["/_root.data?_routes=root", "/"],
  ])("a client navigation's data URL %j goes back to its page %j", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it("answers isSitePath by the same test (the check of every link staff type)", () => {
    expect(isSitePath("/handbook")).toBe(true);
    expect(isSitePath("/orders.data")).toBe(true);
    for (const away of ["/\\evil.example/handbook", "//evil.example", "/%5Cevil.example", "https://evil.example/", 7])
      expect(isSitePath(away)).toBe(false);
  });

  it("uses the caller's fallback", () => {
    expect(safeRedirect("//evil.example", { fallback: "/events" })).toBe("/events");
    expect(safeRedirect("/contact", { fallback: "/events" })).toBe("/contact");
  });

  it.each([
    ["/auth", "/orders"],
    ["/auth/", "/orders"],
    ["/auth?redirectTo=/orders", "/orders"],
    ["/auth/sign-out", "/orders"],
    ["/masterdebater?x=1", "/orders"],
    ["/authors", "/authors"],
    ["/admin/users", "/admin/users"],
  ])("avoids the listed paths: %j goes to %j", (value, expected) => {
    expect(safeRedirect(value, { fallback: "/orders", avoid: ["/auth", "/masterdebater"] })).toBe(expected);
  });
});

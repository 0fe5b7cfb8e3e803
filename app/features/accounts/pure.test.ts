import { describe, expect, it } from "vitest";
import { afterSignInPath } from "./access";
import { isProtectedEmail } from "./roles";
import { failureDelaySeconds, waitText } from "./sign-in/rate-limit.server";
describe("redirect after sign-in", () => {
  it.each([
    ["/admin/users?page=2", "/admin/users?page=2"],
    ["/orders", "/orders"],
    [null, "/orders"],
    ["https://evil.example/", "/orders"],
    ["//evil.example/", "/orders"],
    ["/\\evil.example", "/orders"],
    ["/auth", "/orders"],
    ["/masterdebater?x=1", "/orders"],
    // Browsers drop tab and newline before resolving a Location: these would leave the site.
    ["/\t/evil.example", "/orders"],
    ["/\n/evil.example", "/orders"],
  ])("%j goes to %j", (value, expected) => {
    expect(afterSignInPath(value)).toBe(expected);
  });
});

describe("protected admin", () => {
  it("matches the address in any case", () => {
    expect(isProtectedEmail(" Director@Example.org", "director@example.org")).toBe(true);
    expect(isProtectedEmail("coach@example.org", "director@example.org")).toBe(false);
  });
});

describe("sign-in slowdown", () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 10],
    [4, 20],
    [6, 80],
    [12, 900],
    [40, 900],
  ])("after %i failures in a row the account waits %i s", (failures, seconds) => {
    expect(failureDelaySeconds(failures)).toBe(seconds);
  });

  it("words waits for people", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(40)).toBe("40 seconds");
    expect(waitText(61)).toBe("2 minutes");
  });
});

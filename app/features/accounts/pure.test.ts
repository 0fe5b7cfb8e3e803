import { describe, expect, it } from "vitest";
import { afterSignInPath } from "./access";
import { adminNavFor } from "./admin-nav";
import { isProtectedEmail } from "./roles";
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from "./sidebar-state";
import { failureDelaySeconds, waitText } from "./rate-limit.server";

describe("admin sidebar (docs/product.md#admin-area-and-orders)", () => {
  it("shows five links to users and ten to admins, in order", () => {
    expect(adminNavFor("user").map((item) => item.label)).toEqual([
      "Profile",
      "View Orders",
      "View Donations",
      "View Contacts",
      "Tournaments",
    ]);
    expect(adminNavFor("admin").map((item) => [item.label, item.to])).toEqual([
      ["Profile", "/admin/profile"],
      ["View Orders", "/orders"],
      ["View Donations", "/admin/donations"],
      ["View Contacts", "/contact-submissions"],
      ["Tournaments", "/admin/tournaments"],
      ["Users", "/admin/users"],
      ["Manage Products", "/admin/products"],
      ["Campaigns", "/admin/campaigns"],
      ["Mail Delivery", "/admin/mail"],
      ["Payments", "/admin/payments"],
    ]);
  });

  it.each([
    [null, true],
    ["", true],
    ["sidebar_state=false", false],
    ["a=1; sidebar_state=true", true],
    ["theme=x; sidebar_state=false; b=2", false],
  ])("reads the cookie %j as open=%s", (header, open) => {
    expect(readSidebarOpen(header)).toBe(open);
  });

  it("keeps the state for 7 days", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; path=/; max-age=604800; samesite=lax");
  });

  it.each([
    [{ key: "b", ctrlKey: true, metaKey: false }, true],
    [{ key: "B", ctrlKey: false, metaKey: true }, true],
    [{ key: "b", ctrlKey: false, metaKey: false }, false],
    [{ key: "c", ctrlKey: true, metaKey: false }, false],
  ])("Ctrl/Cmd+B: %j -> %s", (event, expected) => {
    expect(isSidebarShortcut({ altKey: false, shiftKey: false, ...event })).toBe(expected);
  });
});

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

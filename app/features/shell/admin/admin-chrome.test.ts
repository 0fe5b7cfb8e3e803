import { describe, expect, it } from "vitest";
import { adminNavFor } from "./admin-nav";
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from "./sidebar-state";

describe("admin sidebar (docs/product.md#admin-area-and-orders)", () => {
  it("shows six links to users and twelve to admins, in order", () => {
    expect(adminNavFor("user").map((item) => item.label)).toEqual([
      "Profile",
      "View Orders",
      "View Donations",
      "View Contacts",
      "Site content",
      "Tournaments",
    ]);
    expect(adminNavFor("admin").map((item) => [item.label, item.to])).toEqual([
      ["Profile", "/admin/profile"],
      ["View Orders", "/orders"],
      ["View Donations", "/admin/donations"],
      ["View Contacts", "/contact-submissions"],
      ["Site content", "/admin/site"],
      ["Tournaments", "/admin/tournaments"],
      ["Users", "/admin/users"],
      ["Manage Products", "/admin/products"],
      ["Campaigns", "/admin/campaigns"],
      ["Mail Delivery", "/admin/mail"],
      ["Payments", "/admin/payments"],
      ["Finance", "/admin/finance"],
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

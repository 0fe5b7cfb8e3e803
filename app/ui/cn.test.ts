import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins classes as given, conditionals included, without merging", () => {
    expect(cn("ui-button", null, undefined, { "w-full": true, "sm:w-auto": false }, ["px-4"])).toBe(
      "ui-button w-full px-4",
    );
  });

  it("refuses two utilities for one property in tests, where the stylesheet's order would pick one", () => {
    expect(() => cn("px-3", "px-4")).toThrow(/"px-3" conflict/);
    expect(() => cn("flex", "hidden", "md:flex")).toThrow(/"flex" conflict/);
  });

  it("lets a utility refine a primitive's component class", () => {
    expect(cn("ui-button ui-button-md", "w-full px-3")).toBe("ui-button ui-button-md w-full px-3");
  });
});

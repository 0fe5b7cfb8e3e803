import { describe, expect, it } from "vitest";
import { ALREADY_UP_TO_DATE_TOAST, REFRESH_FAILED_TOAST, REFRESHED_TOAST, refreshNotice } from "./notices";

describe("refreshNotice (docs/product.md#4-states-and-transitions)", () => {
  it("claims a refresh only when one happened", () => {
    expect(refreshNotice({ ok: true, rateLimited: false })).toBe(REFRESHED_TOAST);
    expect(refreshNotice({ ok: true, rateLimited: true })).toBe(ALREADY_UP_TO_DATE_TOAST);
    expect(ALREADY_UP_TO_DATE_TOAST.title).toBe("Calendar already up to date");
    expect(refreshNotice({ ok: false, rateLimited: true })).toBe(REFRESH_FAILED_TOAST);
    expect(refreshNotice({ ok: false, rateLimited: false })).toBe(REFRESH_FAILED_TOAST);
  });
});

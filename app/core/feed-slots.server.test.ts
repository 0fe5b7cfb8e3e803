import { describe, expect, it } from "vitest";
import { feedSlots } from "./feed-slots.server";

const limits = { perAddress: 2, total: 3, lifetimeMs: 60_000 };

describe("feed slots", () => {
  it("refuses past the per-address cap, then past the total, and gives a slot back once", () => {
    const slots = feedSlots();
    const a1 = slots.take("a", limits);
    const a2 = slots.take("a", limits);
    expect(slots.take("a", limits)).toBe("address");
    expect(slots.openFrom("a")).toBe(2);
    const b1 = slots.take("b", limits);
    expect(slots.take("c", limits)).toBe("busy");
    if (typeof a1 === "string" || typeof a2 === "string" || typeof b1 === "string") throw new Error("refused");
    a1.release();
    a1.release(); // a second release gives nothing back
    expect(slots.openFrom("a")).toBe(1);
    expect(typeof slots.take("c", limits)).toBe("object");
    expect(slots.take("d", limits)).toBe("busy");
  });

  it("keeps each kind of feed's count apart", () => {
    const products = feedSlots();
    const campaigns = feedSlots();
    products.take("a", limits);
    products.take("a", limits);
    expect(typeof campaigns.take("a", limits)).toBe("object");
  });
});

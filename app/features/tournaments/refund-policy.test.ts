import { describe, expect, it } from "vitest";
import {
  DEFAULT_REFUND_POLICY,
  describeRefundPolicy,
  parseRefundPolicyForm,
  refundQuote,
  type RefundPolicy,
} from "./refund-policy";

const closesOn = "2026-12-05";
const entry = (today: string, paid = 4000, refunded = 0, disputed = 0) => ({
  today,
  closesOn,
  paid,
  refunded,
  disputed,
});
const until = (day: string, afterCents: number | null = null): RefundPolicy => ({
  refundFullUntil: day,
  refundAfterCents: afterCents,
});

describe("what a drop refunds", () => {
  it("by default, the whole fee until registration closes (inclusive), nothing after", () => {
    expect(refundQuote(DEFAULT_REFUND_POLICY, entry("2026-12-05"))).toEqual({
      cents: 4000,
      rule: "full",
      sentence: "You will be refunded $40.00, the whole fee.",
    });
    expect(refundQuote(DEFAULT_REFUND_POLICY, entry("2026-12-06"))).toEqual({
      cents: 0,
      rule: "after",
      sentence: "Nothing will be refunded: the full refund ended on Dec 5.",
    });
  });

  it("the whole fee until the set day, then the set amount", () => {
    const policy = until("2026-12-01", 1500);
    expect(refundQuote(policy, entry("2026-12-01")).cents).toBe(4000);
    expect(refundQuote(policy, entry("2026-12-02"))).toEqual({
      cents: 1500,
      rule: "after",
      sentence: "You will be refunded $15.00: the full refund ended on Dec 1.",
    });
  });

  it("never more than is left: fees already refunded and disputed come off", () => {
    expect(refundQuote(DEFAULT_REFUND_POLICY, entry("2026-12-01", 4000, 1000)).cents).toBe(3000);
    expect(refundQuote(DEFAULT_REFUND_POLICY, entry("2026-12-01", 4000, 1000, 500))).toMatchObject({
      cents: 2500,
      sentence: "You will be refunded $25.00, what is left of the fee.",
    });
    // The set amount is capped at what is left.
    expect(refundQuote(until("2026-12-01", 1500), entry("2026-12-02", 4000, 3000)).cents).toBe(1000);
    expect(refundQuote(until("2026-12-01", 1500), entry("2026-12-02", 4000, 4000))).toMatchObject({
      cents: 0,
      sentence: "Nothing will be refunded: the fee was already refunded.",
    });
    // Refunded and disputed beyond the fee (never stored, but never negative).
    expect(refundQuote(DEFAULT_REFUND_POLICY, entry("2026-12-01", 4000, 3000, 2000)).cents).toBe(0);
  });

  it("a free entry refunds nothing and says why", () => {
    expect(refundQuote(DEFAULT_REFUND_POLICY, entry("2026-12-01", 0)).sentence).toBe(
      "Nothing will be refunded: this entry was free.",
    );
  });

  it("is said in plain words", () => {
    expect(describeRefundPolicy(DEFAULT_REFUND_POLICY, closesOn)).toBe(
      "A drop by Dec 5 refunds the whole fee; after that, nothing is refunded.",
    );
    expect(describeRefundPolicy(until("2026-11-20", 1000), closesOn)).toBe(
      "A drop by Nov 20 refunds the whole fee; after that, $10.00 is refunded.",
    );
    // Once the day has gone by, the words say it ended.
    expect(describeRefundPolicy(until("2026-11-20", 1000), closesOn, "2026-11-21")).toBe(
      "The full refund ended on Nov 20; a drop now refunds $10.00.",
    );
    expect(describeRefundPolicy(DEFAULT_REFUND_POLICY, closesOn, "2026-12-06")).toBe(
      "The full refund ended on Dec 5; a drop now refunds nothing.",
    );
  });
});

describe("the staff's refund policy form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const tournament = { date: "2026-12-08", feeCents: 4000 };

  it("reads empty fields as the defaults and dollars as cents", () => {
    expect(parseRefundPolicyForm(form({ refundFullUntil: "", refundAfter: "" }), tournament)).toEqual({
      ok: true,
      value: DEFAULT_REFUND_POLICY,
    });
    expect(parseRefundPolicyForm(form({ refundFullUntil: "2026-12-01", refundAfter: "$12.50" }), tournament)).toEqual({
      ok: true,
      value: { refundFullUntil: "2026-12-01", refundAfterCents: 1250 },
    });
    expect(parseRefundPolicyForm(form({ refundAfter: "0" }), tournament)).toEqual({
      ok: true,
      value: { refundFullUntil: null, refundAfterCents: 0 },
    });
  });

  it("refuses a day after the tournament, a bad amount, or more than the fee, at its field", () => {
    expect(parseRefundPolicyForm(form({ refundFullUntil: "2026-12-09" }), tournament)).toEqual({
      ok: false,
      field: "refundFullUntil",
      message: "The full refund must end by the tournament's day, Dec 8.",
    });
    expect(parseRefundPolicyForm(form({ refundFullUntil: "soon" }), tournament)).toMatchObject({
      ok: false,
      field: "refundFullUntil",
    });
    expect(parseRefundPolicyForm(form({ refundAfter: "-5" }), tournament)).toEqual({
      ok: false,
      field: "refundAfter",
      message: "The amount after that day must be in dollars, like 10 or 12.50.",
    });
    expect(parseRefundPolicyForm(form({ refundAfter: "40.01" }), tournament)).toEqual({
      ok: false,
      field: "refundAfter",
      message: "The amount after that day can be at most the entry fee, $40.00.",
    });
    // No entry fee product: the amount is bounded by each order's fee at the drop.
    expect(parseRefundPolicyForm(form({ refundAfter: "99" }), { ...tournament, feeCents: null }).ok).toBe(true);
  });
});

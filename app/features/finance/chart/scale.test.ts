import { describe, expect, it } from "vitest";
import { axisFor, niceStep, position, shortDollars } from "./scale";

describe("the chart's axis", () => {
  it("steps by 1, 2 or 5 times a power of ten", () => {
    expect(niceStep(1000)).toBe(500);
    expect(niceStep(7300)).toBe(2000);
    expect(niceStep(0)).toBe(100);
  });

  it("keeps zero on the axis and rounds out to whole steps, below zero too", () => {
    expect(axisFor([120_000, 50_000])).toEqual({
      min: 0,
      max: 150_000,
      step: 50_000,
      ticks: [0, 50_000, 100_000, 150_000],
    });
    const axis = axisFor([30_000, -9_000]);
    expect(axis.min).toBeLessThanOrEqual(-9_000);
    expect(axis.ticks).toContain(0);
    expect(axisFor([])).toEqual({ min: 0, max: 100, step: 100, ticks: [0, 100] });
  });

  it("places the top of the axis at the top and its bottom at the bottom", () => {
    const axis = axisFor([10_000]);
    expect(position(axis.max, axis, 10, 200)).toBe(10);
    expect(position(axis.min, axis, 10, 200)).toBe(210);
  });

  it("labels in short dollars", () => {
    expect(shortDollars(1_250_000)).toBe("$12.5k");
    expect(shortDollars(-200_000)).toBe("-$2k");
    expect(shortDollars(80_000)).toBe("$800");
    expect(shortDollars(250_000_000)).toBe("$2.5M");
  });
});

/**
 * The chart's arithmetic (decision 0053), kept apart from the drawing so it can be tested: a value axis from the
 * lowest to the highest figure (zero always in it: a month can be kept below zero), rounded out to a step of 1, 2
 * or 5 times a power of ten, and where each figure sits on it.
 */
export type Axis = { min: number; max: number; step: number; ticks: number[] };

export function niceStep(span: number, count = 4): number {
  if (span <= 0) return 100;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = raw / power;
  return (factor <= 1 ? 1 : factor <= 2 ? 2 : factor <= 5 ? 5 : 10) * power;
}

/** The value axis of cents `values` (dollars on the labels: steps of at least $1). */
export function axisFor(values: readonly number[]): Axis {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = Math.max(100, niceStep(high - low));
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  const ticks: number[] = [];
  for (let tick = min; tick <= max; tick += step) ticks.push(tick);
  return { min, max, step, ticks };
}

/** Where a value sits, from `top` (the axis's max) to `top + height` (its min). */
export function position(value: number, axis: Axis, top: number, height: number): number {
  return top + ((axis.max - value) / (axis.max - axis.min)) * height;
}

/** "$12k", "$1.5k", "$800", "-$2k": an axis label, short enough for a phone. */
export function shortDollars(cents: number): string {
  const dollars = cents / 100;
  const sign = dollars < 0 ? "-" : "";
  const abs = Math.abs(dollars);
  if (abs >= 1_000_000) return `${sign}$${trim(abs / 1_000_000)}M`;
  if (abs >= 1000) return `${sign}$${trim(abs / 1000)}k`;
  return `${sign}$${trim(abs)}`;
}

function trim(value: number): string {
  return String(Math.round(value * 10) / 10);
}

import { centsToDecimal } from "~/core/format";

/**
 * Cents as a number of dollars for a CSV cell (12.5, -3.33): numbers are written as they are, while a text
 * starting with "-" would be made formula-safe with a leading "'" and read as text (decision 0042).
 */
export function signedDollars(cents: number): number {
  return Number(centsToDecimal(cents));
}

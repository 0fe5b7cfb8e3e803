/**
 * How big a cart may grow: the server refuses past these (a hostile client cannot grow a cart further), and the
 * cart's quantity field offers no more than `quantity`. Plain module: the cart's browser code reads it.
 */
export const cartLimits = {
  /** Lines per cart. */
  lines: 50,
  /** Of one product on one line. */
  quantity: 99,
} as const;

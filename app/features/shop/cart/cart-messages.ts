import { cartLimits } from "./cart-limits";

/** A refusal the visitor can act on; the action turns it into a 4xx and a message. */
export class CartError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413 = 409,
  ) {
    super(message);
  }
}

export const cartMessages = {
  added: (name: string) => ({ type: "success" as const, title: "Added to cart", description: name }),
  updated: { type: "success" as const, title: "Cart updated" },
  removed: { type: "success" as const, title: "Item removed" },
  unavailable: "This product is not available.",
  soldOut: (name: string) => `${name} is out of stock.`,
  stockLeft: (name: string, left: number) =>
    left <= 0 ? `${name} is out of stock.` : `Only ${left} of ${name} left in stock.`,
  tooManyLines: `Your cart can hold at most ${cartLimits.lines} items. Please check out or remove some first.`,
  quantityTooHigh: `Quantity must be ${cartLimits.quantity} or less.`,
  quantityInvalid: "Please enter a whole number.",
  oneEntry: "A registration is always one entry. To register another student, add it again with their details.",
  lineMissing: "That item is no longer in your cart.",
  registrationNeeded: "Please fill in the registration details for this item.",
  tooManyCarts: "Too many new carts have been started from your network. Please try again in an hour.",
};

import { createContext } from "react-router";

/** Per-request facts the server knows before React Router runs. */
export type RequestInfo = {
  requestId: string;
  /** Nonce for this response's Content-Security-Policy. */
  nonce: string;
  /** The client's IP address, an IPv6 one as its /64 (client-address.ts), for rate limits; absent outside HTTP. */
  clientAddress?: string;
  /**
   * Set only when the page cache renders a public page for visitors whose one
   * personal thing is a cart of this many items (docs/decisions/0030-personal-pages-from-the-cache.md):
   * the header shows this count instead of reading a cart.
   */
  cartItemCount?: number;
};

export const requestInfoContext = createContext<RequestInfo>({ requestId: "-", nonce: "" });

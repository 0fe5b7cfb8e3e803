import { createContext } from "react-router";

/** Per-request facts the server knows before React Router runs. */
export type RequestInfo = {
  requestId: string;
  /** Nonce for this response's Content-Security-Policy. */
  nonce: string;
  /** The client's IP address, an IPv6 one as its /64 (client-address.ts), for rate limits; absent outside HTTP. */
  clientAddress?: string;
};

export const requestInfoContext = createContext<RequestInfo>({ requestId: "-", nonce: "" });

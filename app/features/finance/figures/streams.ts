/** The money a finance report adds up, by where it came from (decision 0053). */
export const STREAMS = ["entry", "judge", "product", "gift", "monthly"] as const;
export type Stream = (typeof STREAMS)[number];

export const STREAM_LABELS: Record<Stream, string> = {
  entry: "Tournament entries",
  judge: "Judge fees",
  product: "Other products",
  gift: "One-time gifts",
  monthly: "Monthly gifts",
};

/** A line of the ledger: a payment, a refund (its own day) or a lost dispute (the day it was lost). */
export const LINE_KINDS = ["payment", "refund", "dispute"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_KIND_LABELS: Record<LineKind, string> = {
  payment: "Payment",
  refund: "Refund",
  dispute: "Lost dispute",
};

export function isStream(value: string | null): value is Stream {
  return (STREAMS as readonly string[]).includes(value ?? "");
}

export function isLineKind(value: string | null): value is LineKind {
  return (LINE_KINDS as readonly string[]).includes(value ?? "");
}

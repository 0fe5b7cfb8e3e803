export type Memorial = { type: "memory" | "honor"; details: string };

const PREFIX = /^\s*(memory|honor)\s*:\s*(.*)$/is;

/**
 * A donation's event_type holds "memory:{details}" or "honor:{details}" for a
 * memorial or honor gift (docs/product.md#3-entities-and-their-fields); anything else is a plain gift.
 */
export function parseMemorial(eventType: string | null | undefined): Memorial | null {
  if (!eventType) return null;
  const match = PREFIX.exec(eventType);
  if (!match) return null;
  const details = (match[2] ?? "").trim();
  if (!details) return null;
  return { type: (match[1] ?? "").toLowerCase() as Memorial["type"], details };
}

/** "In memory of Ruth Adler", as the donation form labels it; "" for a plain gift. */
export function memorialLabel(eventType: string | null | undefined): string {
  const memorial = parseMemorial(eventType);
  if (!memorial) return "";
  return `${memorial.type === "memory" ? "In memory of" : "In honor of"} ${memorial.details}`;
}

/** An order's event_type as a person reads it: a tribute as memorialLabel words it, anything else as stored. */
export function eventTypeLabel(eventType: string | null | undefined): string | null {
  return memorialLabel(eventType) || eventType || null;
}

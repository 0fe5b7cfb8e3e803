import type { FeedProduct } from "~/features/products/feed/feed";
import type { RegistrationData } from "~/db/registration-data";

/** A cart line as the page shows it (the server's CartLineView, or one not yet saved). */
export type ShownLine = {
  id: string;
  productId: string | null;
  quantity: number;
  registration: RegistrationData | null;
  product: { name: string; price: number } | null;
  problem: "unavailable" | "sold-out" | "over-stock" | null;
  lineTotal: number;
  pending?: boolean;
};

/** A cart form in flight: what the visitor asked for, before the server answers. */
export type PendingChange =
  | { intent: "add"; productId: string; registration: RegistrationData | null }
  | { intent: "quantity"; lineId: string; quantity: number }
  | { intent: "remove"; lineId: string };

const REGISTRATION_FIELDS = [
  "studentName",
  "studentSchool",
  "scheduleEvent",
  "competitionEvent",
  "schoolName",
  "schoolContact",
  "facultyAdvisor",
] as const;

/** Reads a cart form's fields into a pending change; null for anything else. */
export function pendingChangeOf(formData: FormData | undefined): PendingChange | null {
  if (!formData) return null;
  const get = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (get("intent")) {
    case "add": {
      const registration: RegistrationData = {};
      for (const name of REGISTRATION_FIELDS) {
        const value = get(name).trim();
        if (value) registration[name] = value;
      }
      // A tournament entry's student is asked in parts (decision 0046): shown as one name, as the server keeps it.
      const parts = [get("studentFirst").trim(), get("studentLast").trim()].filter(Boolean);
      if (parts.length > 0 && !registration.studentName) registration.studentName = parts.join(" ");
      return {
        intent: "add",
        productId: get("productId"),
        registration: Object.keys(registration).length ? registration : null,
      };
    }
    case "quantity": {
      const quantity = Number(get("quantity"));
      return Number.isInteger(quantity) ? { intent: "quantity", lineId: get("lineId"), quantity } : null;
    }
    case "remove":
      return { intent: "remove", lineId: get("lineId") };
    default:
      return null;
  }
}

/**
 * The cart as it will be once the forms in flight are saved: quantities
 * changed, removed lines gone (0 or less removes), added items shown. The
 * server's answer replaces all of it.
 */
export function applyPendingChanges(
  lines: readonly ShownLine[],
  changes: readonly PendingChange[],
  products: readonly FeedProduct[],
): ShownLine[] {
  let next = lines.map((line) => ({ ...line }));
  changes.forEach((change, index) => {
    if (change.intent === "remove" || (change.intent === "quantity" && change.quantity <= 0)) {
      next = next.filter((line) => line.id !== change.lineId);
    } else if (change.intent === "quantity") {
      next = next.map((line) => (line.id === change.lineId ? withQuantity(line, change.quantity) : line));
    } else {
      const product = products.find((candidate) => candidate.id === change.productId);
      if (!product) return;
      const same = change.registration
        ? undefined
        : next.find((line) => line.productId === product.id && !line.registration);
      if (same) {
        next = next.map((line) => (line === same ? withQuantity(line, line.quantity + 1) : line));
      } else {
        next.push({
          id: `pending-${index}`,
          productId: product.id,
          quantity: 1,
          registration: change.registration,
          product: { name: product.name, price: product.price },
          problem: null,
          lineTotal: product.price,
          pending: true,
        });
      }
    }
  });
  return next;
}

function withQuantity(line: ShownLine, quantity: number): ShownLine {
  return { ...line, quantity, lineTotal: line.product && !line.problem ? line.product.price * quantity : 0 };
}

export function cartTotals(lines: readonly ShownLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  return { subtotal, total: subtotal, itemCount: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

import type { ProductNotice } from "./notices";

export const holdNotices = {
  released: { type: "success", title: "Success", description: "Hold released: the stock is back in the shop" },
  gone: { type: "error", title: "Error", description: "That checkout is no longer open: it was paid, released or has expired." },
  failed: { type: "error", title: "Error", description: "Failed to release the hold" },
} satisfies Record<string, ProductNotice>;

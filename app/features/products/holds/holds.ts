import type { ProductNotice } from "../manage/notices";

export const holdNotices = {
  released: { type: "success", title: "Success", description: "Hold released: the stock is back in the shop" },
  gone: {
    type: "error",
    title: "Error",
    description: "That checkout is no longer open: it was paid, released or has expired.",
  },
  paying: {
    type: "error",
    title: "Error",
    description:
      "The buyer is paying for this checkout right now, so its hold was not released. Check again in a minute.",
  },
  failed: { type: "error", title: "Error", description: "Failed to release the hold" },
} satisfies Record<string, ProductNotice>;

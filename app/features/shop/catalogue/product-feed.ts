import { useEffect, useRef, useState } from "react";
import { useBackgroundRefresh } from "~/ui/background-refresh";
import { PRODUCT_FEED_PATH, type FeedProduct, type ProductFeedMessage } from "~/features/products/feed/feed";
import { showToast, type ToastMessage } from "~/ui/toast";

export const feedNotices = {
  added: "New Product Available",
  updated: "Product Updated",
  removed: "Product Removed",
} as const;

const byDisplayOrder = (a: FeedProduct, b: FeedProduct) =>
  a.displayOrder - b.displayOrder || a.name.localeCompare(b.name);

/**
 * The live products of docs/product.md#4-states-and-transitions: an active insert is added ("New Product
 * Available"), an update replaces the card ("Product Updated", or quietly when
 * only the stock count moved: checkouts reserve and release it) or, when the
 * product is no longer active, removes it ("Product Removed"), a delete
 * removes it. Pure, so the rules are tested without a browser.
 */
export function applyFeedMessage(
  list: readonly FeedProduct[],
  message: ProductFeedMessage,
): { list: FeedProduct[]; notice: ToastMessage | null } {
  const without = list.filter((product) => product.id !== message.id);
  const had = without.length !== list.length;
  const product = message.product;
  if (message.op === "delete" || !product || !product.isActive) {
    if (!had) return { list: [...list], notice: null };
    const name = list.find((candidate) => candidate.id === message.id)?.name;
    return { list: without, notice: { type: "info", title: feedNotices.removed, description: name } };
  }
  const next = [...without, product].sort(byDisplayOrder);
  if (message.op === "insert" || !had) {
    return { list: next, notice: { type: "info", title: feedNotices.added, description: product.name } };
  }
  // Stock moves with every checkout that opens, is paid or ends unpaid: the card's count changes quietly.
  const previous = list.find((candidate) => candidate.id === message.id)!;
  if (sameBesidesStock(previous, product)) return { list: next, notice: null };
  return { list: next, notice: { type: "info", title: feedNotices.updated, description: product.name } };
}

function sameBesidesStock(a: FeedProduct, b: FeedProduct): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof FeedProduct>);
  keys.delete("stockCount");
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * The shop's product list, kept live by the catalogue's feed (Server-Sent
 * Events). `ready` (every connect and reconnect) reloads the page's data,
 * since changes made while disconnected were not replayed; every product
 * message also reloads it, so cart lines are flagged when their product goes.
 */
export function useLiveProducts(initial: FeedProduct[]): FeedProduct[] {
  const [state, setState] = useState({ base: initial, list: initial });
  // The loader's list is the truth whenever a new one arrives.
  if (state.base !== initial) setState({ base: initial, list: initial });
  const current = useRef(state.list);
  const refresh = useBackgroundRefresh();
  useEffect(() => {
    current.current = state.list;
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(PRODUCT_FEED_PATH);
    // Every connect reloads, the first too: a change made between the page's
    // render (possibly a cached copy) and the feed's connect is never replayed.
    source.addEventListener("ready", () => void refresh());
    source.addEventListener("product", (event) => {
      let message: ProductFeedMessage;
      try {
        message = JSON.parse((event as MessageEvent<string>).data) as ProductFeedMessage;
      } catch {
        return;
      }
      const { list, notice } = applyFeedMessage(current.current, message);
      current.current = list;
      setState((previous) => ({ ...previous, list }));
      if (notice) showToast(notice);
      void refresh();
    });
    return () => source.close();
  }, [refresh]);

  return state.base === initial ? state.list : initial;
}

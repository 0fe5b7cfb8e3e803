import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * One cart per browser, many tabs (docs/product.md#shop-and-cart): a tab that sees a payment go through tells the others, which read
 * their cart again, so no tab keeps offering "Proceed to Checkout" for a cart already paid. A BroadcastChannel where
 * the browser has one, and a localStorage write (whose `storage` event reaches the other tabs) where it has not.
 * The server refuses a checkout of the emptied cart anyway; this keeps what a person sees true.
 */
const CHANNEL = "citron-cart";
const STORAGE_KEY = "citron-cart-changed";

/** Tells the browser's other tabs that the cart changed on the server (a payment emptied it). */
export function announceCartChanged(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a BroadcastChannel: same origin only, no target
    channel.postMessage("changed");
    channel.close();
  } catch {
    // No BroadcastChannel: the storage event below still reaches the other tabs.
  }
  try {
    localStorage.setItem(STORAGE_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode, full): the other tabs read their cart again on their next focus.
  }
}

/**
 * Keeps a page's cart current: reads it again when another tab says it changed and, while it has lines, whenever the
 * tab comes back into view (a payment made in another browser window or on the provider's page).
 */
export function useFreshCart(hasLines: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    };
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener("message", refresh);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) refresh();
    };
    const onBack = () => {
      if (hasLines && document.visibilityState === "visible") refresh();
    };
    window.addEventListener("storage", onStorage);
    window.addEventListener("focus", onBack);
    document.addEventListener("visibilitychange", onBack);
    return () => {
      channel?.close();
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("focus", onBack);
      document.removeEventListener("visibilitychange", onBack);
    };
  }, [hasLines, revalidator]);
}

/** Announces once, in the browser, when `paid` (the payment page's result) is true. */
export function useAnnouncePaid(paid: boolean): void {
  useEffect(() => {
    if (paid) announceCartChanged();
  }, [paid]);
}

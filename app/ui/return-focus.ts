import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus goes back to whatever opened a dialog when it closes. Radix returns it
 * to the dialog's Trigger, but our dialogs open from links (they work without
 * JavaScript: `?new=1`, `?delete=…`) or from state, with no Trigger, and
 * focus then fell to the page's body: the next Tab started again at the top.
 * Remembers the focused element as the dialog opens (before focus moves in)
 * and focuses it again on close, if it is still on the page.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body
          ? document.activeElement
          : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

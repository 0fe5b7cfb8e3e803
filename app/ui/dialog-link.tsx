import type * as React from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { isModifiedClick, withDialogParam } from "./dialog-url";
import { useHydrated } from "./use-hydrated";

/**
 * The opener of a URL dialog (./url-dialog.tsx; decision 0032): a real link to `?<param>=<value>` that, once
 * React runs, sets the parameter in place instead of loading a page. Kept apart from UrlDialog so that a page
 * with only openers (Get Involved on Home) loads this much and no more.
 */

/** The Radix part of every URL dialog (./dialog-frame.tsx). */
export const loadDialogFrame = () => import("./dialog-frame");

/** The element that opened each parameter's dialog, focused again when it closes. */
const openers = new Map<string, HTMLElement>();

export function dialogOpener(param: string): HTMLElement | undefined {
  return openers.get(param);
}

/** Starts loading the dialog's code (the opener does this under a mouse pointer and on focus). */
function preloadDialog(): void {
  void loadDialogFrame().catch(() => {});
}

export function DialogLink({
  param,
  value = "1",
  hash,
  href,
  preload,
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: Omit<React.ComponentProps<typeof Link>, "to"> & {
  param: string;
  value?: string;
  /** Without JavaScript, where the page scrolls to (the card's id). */
  hash?: string;
  /** Without JavaScript, a page of its own that holds the form instead (e.g. /contact#contact-form). */
  href?: string;
  /** Loads the dialog's own content code ahead of the click. */
  preload?: () => unknown;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const search = withDialogParam(location.search, param, value);
  const to = href ?? { pathname: location.pathname, search, hash: hash ? `#${hash}` : "" };
  const warm = () => {
    preloadDialog();
    preload?.();
  };
  return (
    <Link
      to={to}
      aria-haspopup="dialog"
      {...props}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        // A mouse over the opener, not a thumb that lands on it to scroll (decision 0041); a tap opens it anyway.
        if (event.pointerType === "mouse") warm();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        warm();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !hydrated || isModifiedClick(event)) return;
        event.preventDefault();
        openers.set(param, event.currentTarget);
        void navigate({ pathname: location.pathname, search }, { preventScrollReset: true });
      }}
    />
  );
}

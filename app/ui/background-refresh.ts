import { useCallback, useEffect, useRef } from "react";
import { useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";

// How many background refreshes are under way in this tab.
let running = 0;

/**
 * Reloads the page's own data in the background (a live feed, a poll) without
 * the root loader. The root loader consumes the one-shot toast cookie, which
 * belongs to whichever tab navigates next: a refresh in a tab left open on the
 * shop must not take the "Payment declined" notice meant for the tab that was
 * just redirected there. The header's data (cart badge, account) changes only
 * with a navigation or a form, which still reload it.
 */
export function useBackgroundRefresh() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  return useCallback(() => inBackground(() => revalidate.current()), []);
}

/** Runs a revalidation as a background refresh (see rootShouldRevalidate). */
export async function inBackground(revalidate: () => Promise<void>) {
  running += 1;
  try {
    await revalidate();
  } finally {
    running -= 1;
  }
}

/** The root route's rule: skip the root loader for a background refresh of the same page. */
export function rootShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (running > 0 && !formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

/**
 * The pure rules of a dialog whose open state lives in the URL (app/ui/url-dialog.tsx;
 * docs/architecture.md, "Forms and dialogs").
 */

/** The search string (with its "?", or "" when empty) with `param` set to `value`, or removed for null. */
export function withDialogParam(search: string, param: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(param);
  else params.set(param, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * Where the dialog's children show:
 * - "card": this page renders them in a card where the dialog sits (the default);
 * - "caller": the page renders its own in-page version (a screen of its own) and the dialog renders nothing then;
 * - "none": no in-page version on this page (the opener's link leads to another page that has it).
 */
export type InPageSection = "card" | "caller" | "none";

export type UrlDialogMode = "closed" | "section" | "dialog";

/**
 * How an open parameter shows. Before hydration (and always without JavaScript) it is the page section. A value
 * the page was rendered with stays a section once hydrated (no jump from page to modal under a person's
 * pointer); a value set after hydration (a click on the opener) is the dialog.
 */
export function urlDialogMode({
  value,
  renderedWith,
  hydrated,
  section,
}: {
  /** The parameter's value now (null: absent). */
  value: string | null;
  /** The value the page was first rendered with by the server (null once closed or when absent). */
  renderedWith: string | null;
  hydrated: boolean;
  section: InPageSection;
}): UrlDialogMode {
  if (value === null) return "closed";
  if (!hydrated) return "section";
  if (value === renderedWith && section !== "none") return "section";
  return "dialog";
}

/** A click the page should leave to the browser: another button, or a modifier (new tab, new window, download). */
export function isModifiedClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * For a route's `shouldRevalidate`: a GET navigation that only opens or closes one of `params` keeps the
 * page's data (the dialog needs nothing new from the server); anything else revalidates as usual.
 */
export function onlyDialogParamsChanged(
  { currentUrl, nextUrl, formMethod }: { currentUrl: URL; nextUrl: URL; formMethod?: string },
  params: readonly string[],
): boolean {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const param of params) search.delete(param);
    search.sort();
    return search.toString();
  };
  return strip(currentUrl) === strip(nextUrl) && currentUrl.search !== nextUrl.search;
}

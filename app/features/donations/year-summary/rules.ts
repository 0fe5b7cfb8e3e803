// The giving summary form's names, without its code: pages render with them before the form has loaded.

/** Where the form posts, from /donate or its own page. */
export const summaryRequestPath = "/donate/summary";
/** The form's anchor: a post without JavaScript lands on its answer. */
export const summaryRequestAnchor = "giving-summary";

/** The staff page's address for a donor and year. */
export function summariesHref(email: string, year: number): string {
  return `/admin/donations/summaries?${new URLSearchParams({ email, year: String(year) })}`;
}

/** Rows per dashboard page: on a phone each row stacks into several lines (docs/decisions/0011). */
export const PAGE_SIZE = 25;

export type Page = { page: number; pageCount: number; offset: number; limit: number };

/** Clamps a requested page (1-based) to the pages that exist; an empty list has one page. */
export function paginate(total: number, requested: number, pageSize = PAGE_SIZE): Page {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize, limit: pageSize };
}

/** The same address with another page (page 1 drops the parameter, so links stay canonical). */
export function pageHref(pathname: string, search: URLSearchParams | string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

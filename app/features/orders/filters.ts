import { searchTerm } from "~/core/search-term";
import { z } from "~/core/zod";

/** The orders dashboard's filters, read from the query string (they survive reload and can be linked). */
export type OrderFilters = {
  student: string;
  tournament: string;
  event: string;
  page: number;
};

export type OrdersView = "orders" | "entries";

const filtersSchema = z.object({
  student: searchTerm(100),
  tournament: searchTerm(200),
  event: searchTerm(200),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** Never throws: a hand-edited address falls back to no filter rather than an error page. */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  return filtersSchema.parse({
    student: params.get("student") ?? "",
    tournament: params.get("tournament") ?? "",
    event: params.get("event") ?? "",
    page: params.get("page") ?? 1,
  });
}

export function parseOrdersView(params: URLSearchParams): OrdersView {
  return params.get("view") === "entries" ? "entries" : "orders";
}

export function hasActiveFilters(filters: OrderFilters): boolean {
  return Boolean(filters.student || filters.tournament || filters.event);
}

/** The query string for the filters (without page), for CSV links and view tabs. */
export function filtersQuery(filters: OrderFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.student) params.set("student", filters.student);
  if (filters.tournament) params.set("tournament", filters.tournament);
  if (filters.event) params.set("event", filters.event);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

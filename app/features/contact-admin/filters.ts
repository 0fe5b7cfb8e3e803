import { z } from "~/core/zod";

/** Open (not yet handled), handled, or every message. */
export const CONTACT_STATUSES = ["open", "handled", "all"] as const;
export type ContactStatusFilter = (typeof CONTACT_STATUSES)[number];

export type ContactFilters = { status: ContactStatusFilter; id: string | null; page: number };

const schema = z.object({
  status: z.enum(CONTACT_STATUSES).catch("open"),
  // Only a well-formed id reaches the database (a malformed uuid would be a 500 there).
  id: z.uuid().nullable().catch(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseContactFilters(params: URLSearchParams): ContactFilters {
  return schema.parse({
    status: params.get("status") ?? "open",
    id: params.get("id") || null,
    page: params.get("page") ?? 1,
  });
}

/** A link to the list with this status and, optionally, one message open. */
export function contactHref(filters: { status: ContactStatusFilter; id?: string | null; page?: number }): string {
  const params = new URLSearchParams();
  if (filters.status !== "open") params.set("status", filters.status);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  if (filters.id) params.set("id", filters.id);
  const query = params.toString();
  return query ? `/contact-submissions?${query}` : "/contact-submissions";
}

export const handledActionSchema = z.object({
  intent: z.enum(["handle", "reopen"]),
  id: z.uuid(),
});

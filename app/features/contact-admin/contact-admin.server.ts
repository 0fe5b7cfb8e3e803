import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactUs, type ContactSubmission } from "~/db/schema";
import { paginate, type Page } from "~/core/pagination";
import type { ContactFilters, ContactStatusFilter } from "./filters";

function statusWhere(status: ContactStatusFilter): SQL | undefined {
  if (status === "open") return isNull(contactUs.handledAt);
  if (status === "handled") return isNotNull(contactUs.handledAt);
  return undefined;
}

export type ContactListing = Page & {
  rows: ContactSubmission[];
  total: number;
  counts: Record<ContactStatusFilter, number>;
  selected: ContactSubmission | null;
};

/** The card list (newest first), the counts for the filter tabs, and the message opened by ?id=. */
export async function listContactSubmissions(db: Database, filters: ContactFilters): Promise<ContactListing> {
  const [[open], [all], selectedRows] = await Promise.all([
    db.select({ n: count() }).from(contactUs).where(isNull(contactUs.handledAt)),
    db.select({ n: count() }).from(contactUs),
    filters.id ? db.select().from(contactUs).where(eq(contactUs.id, filters.id)) : Promise.resolve([]),
  ]);
  const counts = {
    open: Number(open?.n ?? 0),
    all: Number(all?.n ?? 0),
    handled: Number(all?.n ?? 0) - Number(open?.n ?? 0),
  };
  const total = counts[filters.status];
  const page = paginate(total, filters.page);
  const rows =
    total === 0
      ? []
      : await db
          .select()
          .from(contactUs)
          .where(statusWhere(filters.status))
          .orderBy(desc(contactUs.createdAt), desc(contactUs.id))
          .limit(page.limit)
          .offset(page.offset);
  return { ...page, rows, total, counts, selected: selectedRows[0] ?? null };
}

/**
 * Marks a message handled (by whom, when) or opens it again. Returns the
 * updated row, or null when no message has that id. Marking twice keeps the
 * first handler: the audit trail says who answered first.
 */
export async function setHandled(
  db: Database,
  input: { id: string; handled: boolean; by: string },
): Promise<ContactSubmission | null> {
  const [row] = input.handled
    ? await db
        .update(contactUs)
        .set({ handledAt: new Date(), handledBy: input.by })
        .where(and(eq(contactUs.id, input.id), isNull(contactUs.handledAt)))
        .returning()
    : await db
        .update(contactUs)
        .set({ handledAt: null, handledBy: null })
        .where(eq(contactUs.id, input.id))
        .returning();
  if (row) return row;
  const [existing] = await db.select().from(contactUs).where(eq(contactUs.id, input.id));
  return existing ?? null;
}

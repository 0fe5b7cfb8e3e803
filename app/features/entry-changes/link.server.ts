import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { linkToken, linkTokenHash, linkTokenWhere } from "~/core/link-tokens.server";
import type { Database, Transaction } from "~/db/client.server";
import { checkouts, entryLinks, orders, type Checkout, type Order } from "~/db/schema";
import { registerReceiptLink, type ReceiptLink } from "~/features/payments/checkout/fulfilment-emails.server";
import { entriesPath } from "./paths";

/**
 * A family's private link to one paid checkout's tournament entries (decision 0047). As strong as a monthly gift's
 * manage link: linkToken("entries", <the link row's id>), 32 hex digits and a 22-character MAC keyed from
 * SESSION_SECRET; the database keeps only its SHA-256 hash (entry_links.token_hash). The server can write the same
 * link again from the row's id, so "send my link again" needs no stored token.
 */

/** Whether `orders` hold a tournament entry (the link is only for those). */
export function hasEntries(rows: readonly Pick<Order, "tournamentKey" | "studentName">[]): boolean {
  return rows.some((order) => order.tournamentKey !== null && order.studentName !== null);
}

/** The link token of `checkoutId`'s entries, made (once: one row per checkout) on first use. */
export async function entryLinkToken(db: Database | Transaction, checkoutId: string): Promise<string> {
  const existing = await db.query.entryLinks.findFirst({ where: eq(entryLinks.checkoutId, checkoutId) });
  if (existing) return linkToken("entries", existing.id);
  const id = crypto.randomUUID();
  const token = linkToken("entries", id);
  const [made] = await db
    .insert(entryLinks)
    .values({ id, checkoutId, tokenHash: linkTokenHash(token) })
    .onConflictDoNothing({ target: entryLinks.checkoutId })
    .returning({ id: entryLinks.id });
  if (made) return token;
  // Made meanwhile by another request (the return page and the webhook, at once).
  const row = await db.query.entryLinks.findFirst({ where: eq(entryLinks.checkoutId, checkoutId) });
  return linkToken("entries", row!.id);
}

/** The full address of a link token's page. */
export function entriesUrl(token: string): string {
  return `${env().PUBLIC_URL}${entriesPath(token)}`;
}

/** The receipt's call to action for a paid checkout with entries (registered in payments by registerEntryChangeHooks). */
async function receiptEntriesLink(tx: Transaction, checkout: Checkout, paid: Order[]): Promise<ReceiptLink | null> {
  if (!hasEntries(paid)) return null;
  const token = await entryLinkToken(tx, checkout.id);
  return { label: "See or change your entries", url: entriesUrl(token), secret: token };
}

/** What entry-changes hands to payments, which never imports it: server/start.ts and the tests' database helper call it. */
export function registerEntryChangeHooks(): void {
  registerReceiptLink(receiptEntriesLink);
}

/** The paid checkout a link names, with its entries in the order they were made, or null. */
export type EntryScope = { linkId: string; checkoutId: string; email: string; orders: Order[] };

export async function entryScopeByToken(db: Database | Transaction, token: string): Promise<EntryScope | null> {
  const where = linkTokenWhere("entries", token, { hash: entryLinks.tokenHash, id: entryLinks.id });
  if (!where) return null;
  const link = await db.query.entryLinks.findFirst({ where });
  if (!link) return null;
  const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, link.checkoutId) });
  if (!checkout || checkout.status !== "completed") return null;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.checkoutId, checkout.id),
        eq(orders.status, "completed"),
        isNotNull(orders.tournamentKey),
        isNotNull(orders.studentName),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return null;
  return { linkId: link.id, checkoutId: checkout.id, email: checkout.email, orders: rows };
}

/**
 * The links of every paid checkout with entries that `email` made (newest first, at most `limit`), for "send my link
 * again". Made on first use for a checkout paid before links existed.
 */
export async function entryLinksFor(db: Database, email: string, limit = 10): Promise<string[]> {
  const result = await db.execute(sql`
    select k.id from checkouts k
     where lower(k.email) = lower(${email}) and k.status = 'completed'
       and exists (select 1 from orders o where o.checkout_id = k.id and o.status = 'completed'
                     and o.tournament_key is not null and o.student_name is not null)
     order by k.created_at desc
     limit ${limit}`);
  const ids = (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
  const tokens: string[] = [];
  for (const id of ids) tokens.push(await entryLinkToken(db, id));
  return tokens;
}

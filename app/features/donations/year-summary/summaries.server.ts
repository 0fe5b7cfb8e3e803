import { and, count, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { checkouts, givingSummaries, orders, type GivingSummarySource } from "~/db/schema";
import { queueEmail } from "~/features/email/outbox.server";
import { isDonation } from "~/features/orders/orders.server";
import { donationSettings } from "../settings.server";
import {
  buildGivingSummary,
  correctsEarlier,
  givingSummaryEmail,
  normalizeEmail,
  yearStart,
  type EarlierSummary,
  type GivingSummary,
  type SummaryGiftRow,
} from "./summary";

type Db = Database | Transaction;

// Literal, like the donations dashboard, so PostgreSQL reads the partial donations index by date.
const completedDonation = sql`${orders.status} = 'completed' and ${isDonation}`;

function inYear(year: number) {
  return and(gte(orders.createdAt, yearStart(year)), lt(orders.createdAt, yearStart(year + 1)));
}

/** One donor's completed donation rows of `year` (refunded ones too: the builder leaves them out). */
export async function readSummaryGifts(db: Db, email: string, year: number): Promise<SummaryGiftRow[]> {
  return db
    .select({
      orderId: orders.id,
      createdAt: orders.createdAt,
      totalAmount: orders.totalAmount,
      refundedAmount: orders.refundedAmount,
      disputedAmount: orders.disputedAmount,
      eventType: orders.eventType,
      donorName: orders.studentName,
      checkoutId: orders.checkoutId,
      checkoutCreatedAt: checkouts.createdAt,
      provider: checkouts.provider,
    })
    .from(orders)
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(and(completedDonation, inYear(year), sql`lower(${orders.customerEmail}) = ${normalizeEmail(email)}`))
    .orderBy(orders.createdAt);
}

/** A donor's summary for a year as it stands now. */
export async function previewGivingSummary(db: Db, email: string, year: number): Promise<GivingSummary> {
  return buildGivingSummary(await readSummaryGifts(db, email, year), { year, email });
}

/** The latest summary of that year that was emailed, if any. */
async function earlierSummary(db: Db, email: string, year: number): Promise<EarlierSummary | null> {
  const [row] = await db
    .select({
      sentAt: givingSummaries.createdAt,
      totalCents: givingSummaries.totalCents,
      giftCount: givingSummaries.giftCount,
    })
    .from(givingSummaries)
    .where(and(eq(givingSummaries.email, email), eq(givingSummaries.year, year), isNotNull(givingSummaries.emailId)))
    .orderBy(desc(givingSummaries.createdAt))
    .limit(1);
  return row ?? null;
}

export type SendOutcome = { sent: boolean; summary: GivingSummary; corrected: boolean };

/**
 * Queues the summary to the donor's own address and records the send, in the caller's transaction. Nothing is
 * sent (and nothing recorded) when the year has no gift left to list. When an earlier summary of the year had
 * other figures (a gift refunded since), this one is marked as its correction.
 */
export async function queueGivingSummary(
  tx: Db,
  input: { email: string; year: number; source: GivingSummarySource; actorEmail?: string | null },
): Promise<SendOutcome> {
  const email = normalizeEmail(input.email);
  const summary = await previewGivingSummary(tx, email, input.year);
  if (summary.gifts.length === 0) return { sent: false, summary, corrected: false };
  const earlier = await earlierSummary(tx, email, input.year);
  const corrected = correctsEarlier(summary, earlier);
  const settings = donationSettings();
  const queued = await queueEmail(
    tx,
    givingSummaryEmail(summary, settings, { replaces: corrected ? earlier!.sentAt : null }),
  );
  await tx.insert(givingSummaries).values({
    email,
    year: input.year,
    source: input.source,
    giftCount: summary.gifts.length,
    totalCents: summary.totalCents,
    emailId: queued.id,
    actorEmail: input.actorEmail ?? null,
    corrected,
  });
  return { sent: true, summary, corrected };
}

/** A send on request (the donor's form, staff): one transaction. */
export function sendGivingSummary(
  db: Database,
  input: { email: string; year: number; source: Exclude<GivingSummarySource, "job">; actorEmail?: string | null },
): Promise<SendOutcome> {
  return db.transaction((tx) => queueGivingSummary(tx, input));
}

/** Donors of `year` the January job has not claimed yet, at most `limit`. */
export async function unclaimedDonors(db: Db, year: number, limit: number): Promise<string[]> {
  const result = await db
    .selectDistinct({ email: sql<string>`lower(${orders.customerEmail})` })
    .from(orders)
    .where(
      and(
        completedDonation,
        inYear(year),
        sql`not exists (select 1 from ${givingSummaries} where ${givingSummaries.email} = lower(${orders.customerEmail})
              and ${givingSummaries.year} = ${year} and ${givingSummaries.source} = 'job')`,
      ),
    )
    .limit(limit);
  return result.map((row) => row.email);
}

/**
 * The January job's work for one donor: claims (email, year) with insert ... on conflict do nothing and, only
 * when this call made the claim, queues the summary in the same transaction. Another instance claiming the
 * same donor at the same moment waits on the unique index and then finds the row taken. Returns whether this
 * call sent it.
 */
export async function claimAndSend(db: Database, email: string, year: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(givingSummaries)
      .values({ email, year, source: "job", giftCount: 0, totalCents: 0 })
      .onConflictDoNothing({ target: [givingSummaries.email, givingSummaries.year], where: sql`source = 'job'` })
      .returning({ id: givingSummaries.id });
    const claim = claimed[0];
    if (!claim) return false;
    const summary = await previewGivingSummary(tx, email, year);
    // Every gift refunded since: the claim stays (the donor is done for the year), with nothing sent.
    if (summary.gifts.length === 0) return false;
    const earlier = await earlierSummary(tx, email, year);
    const corrected = correctsEarlier(summary, earlier);
    // The donor already asked for it this January and nothing changed since: once is enough.
    if (earlier && !corrected) {
      await tx
        .update(givingSummaries)
        .set({ giftCount: summary.gifts.length, totalCents: summary.totalCents })
        .where(eq(givingSummaries.id, claim.id));
      return false;
    }
    const queued = await queueEmail(
      tx,
      givingSummaryEmail(summary, donationSettings(), { replaces: corrected ? earlier!.sentAt : null }),
    );
    await tx
      .update(givingSummaries)
      .set({ giftCount: summary.gifts.length, totalCents: summary.totalCents, emailId: queued.id, corrected })
      .where(eq(givingSummaries.id, claim.id));
    return true;
  });
}

export type SentSummary = {
  id: string;
  email: string;
  year: number;
  source: GivingSummarySource;
  giftCount: number;
  totalCents: number;
  actorEmail: string | null;
  corrected: boolean;
  sentAt: Date;
};

export const SENT_PAGE_SIZE = 50;

/** Summaries emailed, newest first, optionally for one address. */
export async function listSentSummaries(db: Database, options: { email?: string; page?: number } = {}) {
  const where = and(
    isNotNull(givingSummaries.emailId),
    options.email ? eq(givingSummaries.email, normalizeEmail(options.email)) : undefined,
  );
  const page = Math.max(1, options.page ?? 1);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: givingSummaries.id,
        email: givingSummaries.email,
        year: givingSummaries.year,
        source: givingSummaries.source,
        giftCount: givingSummaries.giftCount,
        totalCents: givingSummaries.totalCents,
        actorEmail: givingSummaries.actorEmail,
        corrected: givingSummaries.corrected,
        sentAt: givingSummaries.createdAt,
      })
      .from(givingSummaries)
      .where(where)
      .orderBy(desc(givingSummaries.createdAt))
      .limit(SENT_PAGE_SIZE)
      .offset((page - 1) * SENT_PAGE_SIZE),
    db.select({ count: count() }).from(givingSummaries).where(where),
  ]);
  return {
    rows: rows satisfies SentSummary[],
    total: total?.count ?? 0,
    page,
    pageCount: Math.max(1, Math.ceil((total?.count ?? 0) / SENT_PAGE_SIZE)),
  };
}

import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { linkToken } from "~/core/link-tokens.server";
import { logger } from "~/core/logger.server";
import { takeRateLimit, type RateLimitRule, type RateLimitVerdict } from "~/db/rate-limit.server";
import type { Database } from "~/db/client.server";
import { monthlyGifts, type MonthlyGift } from "~/db/schema";
import {
  billingPortalUrl,
  cancelSubscription,
  changeSubscriptionAmount,
  setSubscriptionPaused,
} from "~/features/payments/stripe/subscriptions.server";
import { sandboxEnabled } from "~/features/payments/providers.server";
import { feeToCover } from "../amount";
import { manageUrl } from "./emails";
import { applyChange, endGift, nextMonth, recordRenewal, renewalFailed, type RenewalResult } from "./gifts.server";
import { donationSettings } from "../settings.server";

export type ManageOutcome =
  | { ok: true; message: string; gift: MonthlyGift }
  | { ok: false; status: number; message: string }
  | { redirect: string };

/**
 * The manage page's changes, limited per link and per client address (decision 0037): each change emails the donor
 * and talks to Stripe, so a leaked link or a script must not flood either. Generous for a person.
 */
export const manageLimits = {
  perLink: { max: 20, windowSeconds: 60 * 60 },
  perAddress: { max: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Counts one change asked from `address`, before its link is even looked up. */
export function takeManageAddressLimit(db: Database, address: string): Promise<RateLimitVerdict> {
  return takeRateLimit(db, `monthly-manage:ip:${address}`, manageLimits.perAddress);
}

/** Counts one change asked through the gift's link, from any address. */
export function takeManageLinkLimit(db: Database, giftId: string): Promise<RateLimitVerdict> {
  return takeRateLimit(db, `monthly-manage:gift:${giftId}`, manageLimits.perLink);
}

const PROVIDER_DOWN =
  "The payment service is not answering, so nothing was changed. Please try again in a few minutes.";
const NOT_NOW = "This change does not apply to your gift as it stands now. Please reload the page.";

/** Stripe mode talks to the subscription first; only what Stripe accepted is written here. */
async function atProvider(gift: MonthlyGift, call: (subscriptionId: string) => Promise<void>): Promise<string | null> {
  if (gift.provider === "sandbox") return null;
  if (!gift.providerSubscriptionId)
    return "Your monthly gift is still being set up. Please try again in a few minutes.";
  try {
    await call(gift.providerSubscriptionId);
    return null;
  } catch (error) {
    logger.error({ err: error, monthlyGiftId: gift.id }, "monthly gift change refused by the provider");
    return PROVIDER_DOWN;
  }
}

export async function changeAmount(db: Database, gift: MonthlyGift, amountCents: number): Promise<ManageOutcome> {
  if (gift.status === "canceled" || gift.status === "pending") return { ok: false, status: 409, message: NOT_NOW };
  const feeCents = gift.feeCents > 0 ? feeToCover(amountCents, donationSettings().fee) : 0;
  const problem = await atProvider(gift, (id) => changeSubscriptionAmount(id, amountCents + feeCents, randomUUID()));
  if (problem) return { ok: false, status: 502, message: problem };
  const updated = await applyChange(db, gift, "amount", { amountCents, feeCents }, ["active", "paused", "past_due"]);
  return updated
    ? { ok: true, message: "Your new monthly amount is saved. We emailed you a confirmation.", gift: updated }
    : { ok: false, status: 409, message: NOT_NOW };
}

export async function pauseGift(db: Database, gift: MonthlyGift): Promise<ManageOutcome> {
  if (gift.status !== "active" && gift.status !== "past_due") return { ok: false, status: 409, message: NOT_NOW };
  const problem = await atProvider(gift, (id) => setSubscriptionPaused(id, true, randomUUID()));
  if (problem) return { ok: false, status: 502, message: problem };
  const updated = await applyChange(db, gift, "paused", { status: "paused" }, ["active", "past_due"]);
  return updated
    ? { ok: true, message: "Your monthly gift is paused. Nothing is charged until you resume it.", gift: updated }
    : { ok: false, status: 409, message: NOT_NOW };
}

export async function resumeGift(db: Database, gift: MonthlyGift, now = new Date()): Promise<ManageOutcome> {
  if (gift.status !== "paused") return { ok: false, status: 409, message: NOT_NOW };
  const problem = await atProvider(gift, (id) => setSubscriptionPaused(id, false, randomUUID()));
  if (problem) return { ok: false, status: 502, message: problem };
  // A date passed while paused moves to the next month from today.
  const next = gift.nextChargeAt && gift.nextChargeAt > now ? gift.nextChargeAt : nextMonth(now);
  const updated = await applyChange(db, gift, "resumed", { status: "active", nextChargeAt: next }, ["paused"]);
  return updated
    ? { ok: true, message: "Your monthly gift is resumed. Thank you!", gift: updated }
    : { ok: false, status: 409, message: NOT_NOW };
}

export async function cancelGift(db: Database, gift: MonthlyGift): Promise<ManageOutcome> {
  if (gift.status === "canceled") return { ok: true, message: "Your monthly gift is canceled.", gift };
  if (gift.status === "pending") return { ok: false, status: 409, message: NOT_NOW };
  const problem = await atProvider(gift, (id) => cancelSubscription(id));
  if (problem) return { ok: false, status: 502, message: problem };
  await endGift(db, gift, "canceled");
  const updated = (await db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, gift.id) }))!;
  return {
    ok: true,
    message: "Your monthly gift is canceled. Nothing more will be charged. Thank you for your support.",
    gift: updated,
  };
}

/** Stripe mode: the billing portal, where the donor changes the card. The sandbox has no card to change. */
export async function updateCard(gift: MonthlyGift): Promise<ManageOutcome> {
  if (gift.provider === "sandbox")
    return { ok: false, status: 400, message: "Test mode has no card to update: the sandbox takes no payments." };
  if (!gift.providerCustomerId)
    return {
      ok: false,
      status: 409,
      message: "Your monthly gift is still being set up. Please try again in a few minutes.",
    };
  try {
    return {
      redirect: await billingPortalUrl(
        gift.providerCustomerId,
        manageUrl(donationSettings().publicUrl, linkToken("manage", gift.id)),
      ),
    };
  } catch (error) {
    logger.error({ err: error, monthlyGiftId: gift.id }, "billing portal session refused");
    return { ok: false, status: 502, message: PROVIDER_DOWN };
  }
}

export type SandboxRenewal = RenewalResult | "failed" | "skipped" | "not_sandbox" | "not_active";

/**
 * The sandbox's next month, on demand (its test panel, `npm run donation:renew`, tests): paid, it records the
 * month as an invoice would; failed, it plays a declined renewal. A paused gift skips the month.
 */
export async function playSandboxRenewal(
  db: Database,
  giftId: string,
  options: { paid?: boolean; now?: Date } = {},
): Promise<SandboxRenewal> {
  const gift = await db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, giftId) });
  if (!gift || gift.provider !== "sandbox" || !sandboxEnabled()) return "not_sandbox";
  if (gift.status === "canceled" || gift.status === "pending") return "not_active";
  const now = options.now ?? new Date();
  if (gift.status === "paused") {
    await db
      .update(monthlyGifts)
      .set({ nextChargeAt: nextMonth(gift.nextChargeAt ?? now), updatedAt: new Date() })
      .where(eq(monthlyGifts.id, gift.id));
    return "skipped";
  }
  const invoiceId = `sbx_in_${randomBytes(12).toString("hex")}`;
  const amount = gift.amountCents + gift.feeCents;
  if (options.paid === false) {
    await renewalFailed(db, gift, { invoiceId, attempt: 1, amount });
    return "failed";
  }
  return recordRenewal(db, gift, {
    invoiceId,
    amountPaid: amount,
    paidAt: now,
    nextChargeAt: nextMonth(gift.nextChargeAt && gift.nextChargeAt > now ? gift.nextChargeAt : now),
  });
}

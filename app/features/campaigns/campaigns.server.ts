import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import { publish } from "~/db/pubsub.server";
import type { Database, Transaction } from "~/db/client.server";
import { campaigns, orders, type Campaign } from "~/db/schema";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import { isUniqueViolation } from "~/features/payments/checkout/checkout.server";
import { isUuid } from "~/core/uuid";
import { storeUploadedImage } from "~/features/products/images/images.server";
import { todayInNewYork } from "~/features/events/dates";
import { campaignMessages, campaignSchema } from "./campaign-form";
import { campaignPhase, type CampaignPhase } from "./campaign-progress";

/**
 * The notification channel of campaign changes: a tagged gift completed or
 * refunded (a trigger on orders, migration of decision 0035) or staff saving a
 * campaign. Payload: `{ id }`; listeners re-read the figures.
 */
export const CAMPAIGNS_CHANNEL = "campaigns";

export type CampaignProgress = { raisedCents: number; donors: number };

/** What a campaign has raised: its completed gifts, less what was refunded or disputed (what the district kept). */
const kept = sql`(${orders.totalAmount} - ${orders.refundedAmount} - ${orders.disputedAmount})`;

/**
 * The figures of each campaign: raised = the sum of what the district kept of
 * its completed gifts; donors = distinct donor emails among the gifts it kept
 * something of (a gift refunded whole no longer counts its donor).
 */
export async function campaignProgress(
  db: Database | Transaction,
  ids: readonly string[],
): Promise<Map<string, CampaignProgress>> {
  const progress = new Map<string, CampaignProgress>();
  if (ids.length === 0) return progress;
  const rows = await db
    .select({
      campaignId: orders.campaignId,
      raised: sql<string>`coalesce(sum(${kept}), 0)`,
      donors: sql<string>`count(distinct lower(${orders.customerEmail})) filter (where ${kept} > 0)`,
    })
    .from(orders)
    .where(and(inArray(orders.campaignId, [...ids]), eq(orders.status, "completed")))
    .groupBy(orders.campaignId);
  for (const row of rows) {
    if (row.campaignId) progress.set(row.campaignId, { raisedCents: Number(row.raised), donors: Number(row.donors) });
  }
  return progress;
}

export async function progressOf(db: Database, id: string): Promise<CampaignProgress> {
  return (await campaignProgress(db, [id])).get(id) ?? { raisedCents: 0, donors: 0 };
}

export type CampaignWithProgress = Campaign & CampaignProgress & { phase: CampaignPhase };

export async function listCampaigns(db: Database, today = todayInNewYork()): Promise<CampaignWithProgress[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.startsOn), asc(campaigns.name));
  const progress = await campaignProgress(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    ...(progress.get(row.id) ?? { raisedCents: 0, donors: 0 }),
    phase: campaignPhase(row, today),
  }));
}

export async function getCampaign(db: Database | Transaction, id: string): Promise<Campaign | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row ?? null;
}

export async function getCampaignBySlug(db: Database, slug: string): Promise<Campaign | null> {
  if (!slug || slug.length > 60) return null;
  const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, slug.toLowerCase()));
  return row ?? null;
}

/** The campaign /donate shows above the form: the one whose dates include today; of several, the one ending soonest. */
export async function activeCampaign(db: Database, today = todayInNewYork()): Promise<Campaign | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(lte(campaigns.startsOn, today), gte(campaigns.endsOn, today)))
    .orderBy(asc(campaigns.endsOn), asc(campaigns.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The campaign a gift is tagged to, from the slug the form sent: only a
 * campaign that exists and is open today takes gifts. Anything else (unknown,
 * not started, ended, malformed) makes a general gift, and the donor sees no
 * campaign in the summary before paying.
 */
export async function campaignForGift(
  db: Database,
  slug: unknown,
  today = todayInNewYork(),
): Promise<{ id: string; name: string } | null> {
  if (typeof slug !== "string" || !/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const campaign = await getCampaignBySlug(db, slug);
  if (!campaign || campaignPhase(campaign, today) !== "open") return null;
  return { id: campaign.id, name: campaign.name };
}

/** Announces a campaign's change on commit (the live feed and the page cache listen). */
export function publishCampaignChange(tx: Parameters<typeof publish>[0], id: string) {
  return publish(tx, CAMPAIGNS_CHANNEL, { id });
}

// ---------------------------------------------------------------------------
// Staff: create, edit, delete.

/** Who acts: a signed-in admin (or a command with no account id). */

export type CampaignSaveOutcome =
  { ok: true; message: string } | { ok: false; status: number; result: SubmissionResult<string[]>; message?: string };

function snapshot(campaign: Campaign) {
  const { createdAt: _created, updatedAt: _updated, ...rest } = campaign;
  return rest;
}

/** Saves the campaign form (a new campaign, or `id`'s). Image: an upload, re-encoded like a product's; else kept or removed. */
export async function saveCampaign(
  db: Database,
  actor: Actor,
  form: FormData,
  image: File | null,
): Promise<CampaignSaveOutcome> {
  const submission = parseWithZod(form, { schema: campaignSchema });
  if (submission.status !== "success") return { ok: false, status: 400, result: submission.reply() };
  const values = submission.value;
  const id = form.get("id");
  const current = typeof id === "string" && id ? await getCampaign(db, id) : null;
  if (typeof id === "string" && id && !current) {
    return {
      ok: false,
      status: 404,
      result: submission.reply({ formErrors: ["This campaign no longer exists."] }),
      message: "This campaign no longer exists.",
    };
  }
  let imageUrl = current && !values.removeImage ? current.imageUrl : null;
  if (image) {
    const stored = await storeUploadedImage(db, image, "campaign image", actor.id ?? actor.email);
    if (!stored.ok) {
      return {
        ok: false,
        status: stored.status,
        result: submission.reply({ fieldErrors: { image: [stored.message] } }),
      };
    }
    imageUrl = stored.src;
  }
  const fields = {
    slug: values.slug,
    name: values.name,
    goalCents: values.goal,
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    story: values.story,
    imageUrl,
  };
  try {
    await db.transaction(async (tx) => {
      if (!current) {
        const [row] = await tx.insert(campaigns).values(fields).returning();
        await writeAudit(tx, {
          actor: actor,
          action: "campaign.create",
          details: { campaignId: row!.id, after: snapshot(row!) },
        });
        await publishCampaignChange(tx, row!.id);
      } else {
        const [row] = await tx
          .update(campaigns)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(campaigns.id, current.id))
          .returning();
        if (!row) throw new Error("campaign vanished");
        await writeAudit(tx, {
          actor: actor,
          action: "campaign.update",
          details: { campaignId: row.id, before: snapshot(current), after: snapshot(row) },
        });
        await publishCampaignChange(tx, row.id);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, "campaigns_slug_key"))
      return {
        ok: false,
        status: 409,
        result: submission.reply({ fieldErrors: { slug: [campaignMessages.slugTaken] } }),
      };
    logger.error({ err: error }, "saving a campaign failed");
    const message = "The campaign could not be saved. Please try again.";
    return { ok: false, status: 500, result: submission.reply({ formErrors: [message] }), message };
  }
  return { ok: true, message: current ? `"${values.name}" was updated.` : `"${values.name}" was created.` };
}

export type CampaignDeleteOutcome = { ok: boolean; status: number; message: string };

/**
 * Deletes a campaign that no completed gift was given through. One with gifts
 * stays, so the dashboards and the CSV keep saying where those gifts went;
 * staff end it by its dates instead. Open or failed checkouts lose their tag.
 */
export async function deleteCampaign(db: Database, actor: Actor, id: string): Promise<CampaignDeleteOutcome> {
  const current = await getCampaign(db, id);
  if (!current) return { ok: false, status: 404, message: "This campaign no longer exists." };
  try {
    return await db.transaction(async (tx) => {
      const [gift] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.campaignId, id), eq(orders.status, "completed")))
        .limit(1);
      if (gift) {
        return {
          ok: false,
          status: 409,
          message: `"${current.name}" has gifts, so it stays in the records. Change its last day to end it.`,
        };
      }
      await tx.delete(campaigns).where(eq(campaigns.id, id));
      await writeAudit(tx, {
        actor: actor,
        action: "campaign.delete",
        details: { campaignId: id, before: snapshot(current) },
      });
      await publishCampaignChange(tx, id);
      return { ok: true, status: 200, message: `"${current.name}" was deleted.` };
    });
  } catch (error) {
    logger.error({ err: error }, "deleting a campaign failed");
    return { ok: false, status: 500, message: "The campaign could not be deleted. Please try again." };
  }
}

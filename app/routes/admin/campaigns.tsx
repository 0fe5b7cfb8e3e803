import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { logger } from "~/core/logger.server";
import { redirectWithToast } from "~/core/toast.server";
import { centsToDecimal, formatCents } from "~/core/format";
import { getDb } from "~/db/context";
import { requireAdmin } from "~/features/accounts/guards.server";
import {
  CAMPAIGN_DIALOG_PARAMS,
  CampaignManagement,
  type AdminCampaignItem,
  type CampaignActionData,
} from "~/features/campaigns/campaign-management";
import { onlyDialogParamsChanged } from "~/ui/dialog-url";
import { deleteCampaign, listCampaigns, saveCampaign } from "~/features/campaigns/campaigns.server";
import { formatShortDate } from "~/features/events/dates";
import { readProductForm } from "~/features/products/manage/admin.server";
import { productImageSources } from "~/features/products/images/product-image";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => [{ title: "Campaigns | Admin Dashboard" }];

/** Same people as Manage Products: admins. */
const guard = { message: "You don't have permission to manage campaigns. Admin access is required." };
const PAGE = "/admin/campaigns";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, guard);
  let items: AdminCampaignItem[] = [];
  let loadFailed = false;
  try {
    items = (await listCampaigns(getDb(context))).map((campaign) => ({
      id: campaign.id,
      slug: campaign.slug,
      name: campaign.name,
      story: campaign.story,
      goal: formatCents(campaign.goalCents),
      goalInput: centsToDecimal(campaign.goalCents),
      raised: formatCents(campaign.raisedCents),
      donors: campaign.donors,
      startsOn: campaign.startsOn,
      endsOn: campaign.endsOn,
      dates: `${formatShortDate(campaign.startsOn)} – ${formatShortDate(campaign.endsOn)}`,
      phase: campaign.phase,
      image: campaign.imageUrl ? productImageSources(campaign.imageUrl) : null,
    }));
  } catch (error) {
    logger.error({ err: error }, "listing campaigns failed");
    loadFailed = true;
  }
  return { campaigns: items, loadFailed };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Every action checks the role first: a non-admin POST changes nothing (403).
  const admin = await requireAdmin(request, context, guard);
  const db = getDb(context);
  const body = await readProductForm(request);
  if ("error" in body) {
    return data<CampaignActionData>(
      { message: body.error.description ? `${body.error.title}: ${body.error.description}` : body.error.title },
      { status: body.status },
    );
  }
  const intent = body.form.get("intent");
  if (intent === "delete") {
    const outcome = await deleteCampaign(db, admin, String(body.form.get("id") ?? ""));
    return redirectWithToast(PAGE, {
      type: outcome.ok ? "success" : "error",
      title: outcome.ok ? "Campaign deleted" : "Not deleted",
      description: outcome.message,
    });
  }
  if (intent !== "save") return data<CampaignActionData>({ message: "Unexpected request." }, { status: 400 });
  const outcome = await saveCampaign(db, admin, body.form, body.image);
  if (outcome.ok)
    return redirectWithToast(PAGE, { type: "success", title: "Campaign saved", description: outcome.message });
  return data<CampaignActionData>({ result: outcome.result, message: outcome.message }, { status: outcome.status });
}

/** Opening or closing a dialog needs nothing new from the server (decision 0032). */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyDialogParamsChanged(args, CAMPAIGN_DIALOG_PARAMS) ? false : args.defaultShouldRevalidate;
}

export default function AdminCampaignsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CampaignManagement {...loaderData} result={actionData} />;
}

import { data } from "react-router";
import { readForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { requireAdmin } from "~/features/accounts/guards.server";
import { FinanceView } from "~/features/finance/finance-view";
import { financePage } from "~/features/finance/page.server";
import { saveFiscalStartMonth } from "~/features/finance/period/fiscal-setting.server";
import { fiscalSettingSchema } from "~/features/finance/period/fiscal-setting";
import { districtDay, monthName } from "~/features/finance/period/period";
import type { Route } from "./+types/finance";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const today = districtDay(new Date());
  const page = await financePage(getDb(context), new URL(request.url), today);
  return data({ page, today }, { status: page.problem ? 400 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const form = await readForm(request, { maxBytes: 4096 });
  const parsed = fiscalSettingSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Choose a month." }, { status: 400 });
  const changed = await saveFiscalStartMonth(getDb(context), user, parsed.data.startMonth);
  return redirectWithToast(new URL(request.url).pathname, {
    type: "success",
    title: "Fiscal year saved",
    description: changed
      ? `The fiscal year now starts in ${monthName(parsed.data.startMonth)}.`
      : `The fiscal year already started in ${monthName(parsed.data.startMonth)}.`,
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Finance | Admin Dashboard" }];

export default function FinanceRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FinanceView page={loaderData.page} today={loaderData.today} settingError={actionData?.error} />;
}

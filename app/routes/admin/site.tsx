import { data } from "react-router";
import { formText, tryReadForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { requireAdmin, requireUser } from "~/features/accounts/guards.server";
import { SiteOverview, type ImportActionData } from "~/features/site-editor/site-overview";
import { publishSections } from "~/features/site-editor/publishing.server";
import { sectionSummaries } from "~/features/site-editor/versions.server";
import { importAnswer, parseImport } from "~/features/site-editor/yaml-text";
import type { Route } from "./+types/site";

export const meta: Route.MetaFunction = () => [{ title: "Site content | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireUser(request, context);
  return { sections: await sectionSummaries(getDb(context)), canImport: staff.role === "admin" };
}

/** Import: admins only; the whole file is checked before anything changes. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, { message: "Only admins import the site's content." });
  const read = await tryReadForm(request, { maxBytes: 400 * 1024 });
  if (!read.ok) return data<ImportActionData>({ problems: [read.message] }, { status: read.status });
  if (formText(read.form, "intent") !== "import")
    return data<ImportActionData>({ problems: ["Unexpected request."] }, { status: 400 });
  const file = read.form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data<ImportActionData>({ problems: ["Choose an exported file to import."] }, { status: 400 });
  }
  const parsed = parseImport(await file.text());
  if (!parsed.ok) return data<ImportActionData>({ problems: parsed.problems }, { status: 400 });
  const changed = await publishSections(getDb(context), admin, parsed.documents);
  return redirectWithToast("/admin/site", {
    type: "success",
    title: "Imported",
    description: importAnswer(changed, parsed.missing),
  });
}

export default function SitePage({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteOverview sections={loaderData.sections} canImport={loaderData.canImport} importResult={actionData} />;
}

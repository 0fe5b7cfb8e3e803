import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { liveDocuments } from "~/features/site-editor/versions.server";
import { exportYaml } from "~/features/site-editor/yaml-text";
import type { Route } from "./+types/site-export";

/** Every section's live content in one YAML file, in the content/ layout (decision 0039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const yaml = exportYaml(await liveDocuments(getDb(context)));
  return new Response(yaml, {
    headers: {
      "Content-Type": "application/yaml; charset=utf-8",
      "Content-Disposition": 'attachment; filename="site-content.yaml"',
      "Cache-Control": "private, no-store",
    },
  });
}

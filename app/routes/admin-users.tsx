import { requireAdmin } from "~/features/accounts/guards.server";
import type { Route } from "./+types/admin-users";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Page() {
  return <h1 className="text-2xl font-bold">Users</h1>;
}

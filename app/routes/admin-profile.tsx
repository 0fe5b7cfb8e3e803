import { requireUser } from "~/features/accounts/guards.server";
import type { Route } from "./+types/admin-profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <h1 className="text-2xl font-bold">Profile</h1>;
}

import { redirect } from "react-router";
import { signOut } from "~/features/accounts/sign-in/sign-in.server";
import type { Route } from "./+types/sign-out";

/** POST only: the header and the sidebar post here; a GET just goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export function loader() {
  return redirect("/");
}

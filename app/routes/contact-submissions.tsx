import { requireAdmin } from "~/features/accounts/guards.server";
import type { Route } from "./+types/contact-submissions";

// Placeholder until the dashboards issue fills this page; the guard is the real part.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | Admin Dashboard" }];

export default function Page() {
  return (
    <section className="grid gap-2">
      <h1 className="text-2xl font-bold">Contact Submissions</h1>
      <p className="text-muted-foreground">Contact form messages will be listed here.</p>
    </section>
  );
}

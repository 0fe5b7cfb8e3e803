import { PRODUCTS_ADMIN_REQUIRED_MESSAGE } from "~/features/accounts/access";
import { requireAdmin } from "~/features/accounts/guards.server";
import type { Route } from "./+types/admin-products";

// The catalogue editor belongs to the shop issue; until then this page only guards.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, { message: PRODUCTS_ADMIN_REQUIRED_MESSAGE });
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Manage Products | Admin Dashboard" }];

export default function AdminProductsPage() {
  return (
    <section className="grid max-w-2xl gap-2">
      <h1 className="text-2xl font-bold text-navy-900">Manage Products</h1>
      <p className="text-muted-foreground">
        The product catalogue editor arrives with the online shop. Until then, products cannot be changed here.
      </p>
    </section>
  );
}

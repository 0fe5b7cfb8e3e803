import { ShieldAlert } from "lucide-react";
import { LinkButton } from "~/ui/link-button";

/** What a signed-in user without the needed role sees (status 403). */
export function AccessDeniedMessage({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mx-auto mt-8 grid max-w-lg justify-items-center gap-3 rounded-xl border border-border bg-card p-8 text-center shadow-sm"
    >
      <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-navy-900">Access Denied</h1>
      <p className="text-muted-foreground">{message}</p>
      <LinkButton to="/orders" variant="outline">
        Go to View Orders
      </LinkButton>
    </div>
  );
}

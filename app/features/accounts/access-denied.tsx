import { ShieldAlert } from "lucide-react";
import { LinkButton } from "~/ui/link-button";

/** What a signed-in user without the needed role sees (status 403). */
export function AccessDeniedMessage({
  message,
  home = { to: "/orders", label: "Go to View Orders" },
}: {
  message: string;
  /** Where the button goes: staff's orders, or a coach's season (decision 0054). */
  home?: { to: string; label: string };
}) {
  return (
    <div
      role="alert"
      className="mx-auto mt-8 grid max-w-lg justify-items-center gap-3 rounded-xl border border-border bg-card p-8 text-center shadow-sm"
    >
      <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-navy-900">Access Denied</h1>
      <p className="text-muted-foreground">{message}</p>
      <LinkButton to={home.to} variant="outline">
        {home.label}
      </LinkButton>
    </div>
  );
}

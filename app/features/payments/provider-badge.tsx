import { Badge } from "~/ui/badge";
import { providerLabel } from "./sandbox-notice";

/** Beside a dashboard row's amount: says plainly when no money was taken (the sandbox). Stripe rows show nothing. */
export function ProviderBadge({ provider }: { provider?: string | null }) {
  if (provider !== "sandbox") return null;
  return (
    <Badge variant="warning" data-provider={provider} title="Made with the built-in sandbox: no payment was taken">
      {providerLabel(provider)}
    </Badge>
  );
}

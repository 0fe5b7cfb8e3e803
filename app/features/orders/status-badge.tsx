import { Badge } from "~/ui/badge";
import { statusTone } from "./order-status";

const toneVariant = { success: "success", warning: "warning", danger: "danger", muted: "muted" } as const;

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={toneVariant[statusTone(status)]} className="capitalize" data-status={status}>
      {status}
    </Badge>
  );
}

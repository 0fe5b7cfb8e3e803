/** docs/product.md#4-states-and-transitions: completed green, pending yellow, failed red, anything else grey. */
export type StatusTone = "success" | "warning" | "danger" | "muted";

export function statusTone(status: string): StatusTone {
  switch (status) {
    case "completed":
      return "success";
    case "pending":
      return "warning";
    case "failed":
      return "danger";
    default:
      return "muted";
  }
}

/**
 * The entries page's answer to a Drop (decision 0048), shared by the action and the page: the quote to confirm
 * (the first POST, which drops nothing), or why the drop was refused. A drop done redirects with a toast.
 */
export type DropAnswer =
  | { stage: "confirm"; orderId: string; cents: number; sentence: string; student: string; event: string }
  | { stage: "refused"; orderId: string; message: string };

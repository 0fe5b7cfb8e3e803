/** A notice shown as the one toast on screen (or, without JavaScript, in its place): what redirectWithToast carries. */
export type ToastMessage = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

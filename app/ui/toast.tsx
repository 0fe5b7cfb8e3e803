import { Toaster as Sonner, toast } from "sonner";

/**
 * The one toast outlet. SPEC.md section 9: one notice visible at a time,
 * about five seconds each.
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="top-center"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!rounded-xl !border-border !bg-card !text-foreground !shadow-lg",
          title: "!font-semibold",
          description: "!text-muted-foreground",
          error: "!border-destructive/40 [&_[data-title]]:!text-destructive",
        },
      }}
    />
  );
}

export type ToastMessage = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

/** Shows one notice; the only way features raise a toast. */
export function showToast(message: ToastMessage) {
  const show = message.type === "error" ? toast.error : message.type === "success" ? toast.success : toast;
  show(message.title, { description: message.description });
}

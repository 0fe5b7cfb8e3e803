import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { ToastMessage } from "./toast";

function show(message: ToastMessage) {
  const raise = message.type === "error" ? toast.error : message.type === "success" ? toast.success : toast;
  // The same notice again (a second user added, the same refusal) replaces the one on screen rather
  // than queueing a copy behind it.
  raise(message.title, {
    description: message.description,
    id: `${message.type}:${message.title}:${message.description ?? ""}`,
  });
}

/**
 * The toast library and its outlet, loaded on first use by ~/ui/toast (it is not needed to show a page).
 * `onReady` runs after Sonner has mounted and subscribed, so notices raised before it loaded are not lost.
 */
export default function ToastOutlet({ onReady }: { onReady: (showNow: (message: ToastMessage) => void) => void }) {
  return (
    <>
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
      <ReadySignal onReady={onReady} />
    </>
  );
}

// A later sibling: its effect runs after Sonner's own mount effects (where Sonner subscribes).
function ReadySignal({ onReady }: { onReady: (showNow: (message: ToastMessage) => void) => void }) {
  useEffect(() => onReady(show), [onReady]);
  return null;
}

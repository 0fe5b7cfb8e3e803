import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { ToastMessage } from "./toast";

/** The id each notice's latest toast was raised with. */
const latestIds = new Map<string, string>();
let raised = 0;

/**
 * The id to raise a notice with. The same notice again while it is the newest on screen (a second user added, the
 * same refusal) replaces it rather than queueing a copy. Behind a newer one (only the newest shows), it would be
 * updated out of sight: then it is a new toast, in front, and the copy behind goes.
 */
export function noticeId(
  key: string,
  activeIds: readonly (string | number)[],
  latest: Map<string, string>,
  next: () => number,
): { id: string; replaces: string | null } {
  const current = latest.get(key);
  if (current !== undefined && activeIds.at(-1) === current) return { id: current, replaces: null };
  const id = `${key}#${next()}`;
  latest.set(key, id);
  return { id, replaces: current !== undefined && activeIds.includes(current) ? current : null };
}

function show(message: ToastMessage) {
  const raise = message.type === "error" ? toast.error : message.type === "success" ? toast.success : toast;
  const key = `${message.type}:${message.title}:${message.description ?? ""}`;
  const active = toast.getToasts().map((shown) => shown.id);
  const { id, replaces } = noticeId(key, active, latestIds, () => (raised += 1));
  if (replaces) toast.dismiss(replaces);
  raise(message.title, { description: message.description, id });
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

import { lazy, Suspense, useEffect, useState } from "react";

export type ToastMessage = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

// The toast library (sonner) is loaded on first use, not with every page: it is not needed to show a page
// (issue 14, JavaScript weight). Notices raised before it has loaded wait here and show once it is mounted.
const ToastOutlet = lazy(() => import("./toast-outlet"));
let showNow: ((message: ToastMessage) => void) | null = null;
const waiting: ToastMessage[] = [];
let requestOutlet: (() => void) | null = null;

function outletReady(show: (message: ToastMessage) => void) {
  showNow = show;
  for (const message of waiting.splice(0)) show(message);
}

/**
 * The one toast outlet. SPEC.md section 9: one notice visible at a time,
 * about five seconds each.
 */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const request = () => setWanted(true);
    requestOutlet = request;
    // A notice raised during hydration (e.g. one set by the server) is already waiting.
    if (waiting.length > 0) request();
    return () => {
      requestOutlet = null;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastOutlet onReady={outletReady} />
    </Suspense>
  );
}

/** Shows one notice; the only way features raise a toast. */
export function showToast(message: ToastMessage) {
  if (showNow) {
    showNow(message);
    return;
  }
  waiting.push(message);
  requestOutlet?.();
}

/**
 * The server's notice (a flash toast) for a browser without JavaScript, where the toast library never runs:
 * shown where the toast would be, then fading away after eight seconds as a toast does (`animate-flash-out`).
 * With JavaScript the browser ignores <noscript> and the App shows the same notice as a toast.
 */
export function NoScriptToast({ message }: { message: ToastMessage }) {
  return (
    <noscript>
      <div
        role="status"
        className="fixed inset-x-4 top-3 z-50 mx-auto grid max-w-sm gap-0.5 rounded-xl border border-border bg-card px-4 py-3 text-sm shadow-lg animate-flash-out"
      >
        <p className={message.type === "error" ? "font-semibold text-destructive" : "font-semibold text-navy-900"}>{message.title}</p>
        {message.description ? <p className="text-stone-700">{message.description}</p> : null}
      </div>
    </noscript>
  );
}

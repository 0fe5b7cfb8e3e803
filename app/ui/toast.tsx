import { lazy, Suspense, useEffect, useState } from "react";

export type ToastMessage = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

// The toast library (sonner) is loaded on first use, not with every page: it is not needed to show a page
// (decision 0013, JavaScript weight). Notices raised before it has loaded wait here and show once it is mounted.
const ToastOutlet = lazy(() => import("./toast-outlet"));
let showNow: ((message: ToastMessage) => void) | null = null;
const waiting: ToastMessage[] = [];
let requestOutlet: (() => void) | null = null;

function outletReady(show: (message: ToastMessage) => void) {
  showNow = show;
  for (const message of waiting.splice(0)) show(message);
}

/**
 * The one toast outlet. docs/product.md#9-constants-and-limits: one notice visible at a time,
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

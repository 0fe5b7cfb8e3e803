import { renderToStaticMarkup } from "react-dom/server";
import type { ToastMessage } from "./toast";

/**
 * The server's notice (a flash toast) for a browser without JavaScript, where the toast library never runs:
 * shown where the toast would be, then fading away after eight seconds as a toast does (`animate-flash-out`).
 * The root renders it inside <noscript> from this markup, made on the server, so none of it is in the browser's
 * JavaScript; with JavaScript the browser ignores <noscript> and the same notice shows as a toast.
 */
export function noScriptToastHtml(message: ToastMessage): string {
  return renderToStaticMarkup(
    <div
      role="status"
      className="fixed inset-x-4 top-3 z-50 mx-auto grid max-w-sm gap-0.5 rounded-xl border border-border bg-card px-4 py-3 text-sm shadow-lg animate-flash-out"
    >
      <p className={message.type === "error" ? "font-semibold text-destructive" : "font-semibold text-navy-900"}>
        {message.title}
      </p>
      {message.description ? <p className="text-stone-700">{message.description}</p> : null}
    </div>,
  );
}

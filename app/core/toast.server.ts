import { createCookie, redirect } from "react-router";
import type { ToastMessage } from "./toast-message";
import { env } from "./env.server";

let cookie: ReturnType<typeof createCookie> | undefined;

function toastCookie() {
  cookie ??= createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().PUBLIC_URL.startsWith("https://"),
    maxAge: 60,
    secrets: [env().SESSION_SECRET],
  });
  return cookie;
}

/** Redirects and shows one toast on the next page (flash cookie). */
export async function redirectWithToast(url: string, message: ToastMessage, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie().serialize(message));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, and the header that clears it. */
export async function readToast(request: Request) {
  const value = (await toastCookie().parse(request.headers.get("Cookie"))) as ToastMessage | null;
  if (!value) return { toast: null, headers: undefined };
  return {
    toast: value,
    headers: { "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) },
  };
}

import { useRouteLoaderData } from "react-router";
import type { ToastMessage } from "~/core/toast-message";
import type { Role } from "~/features/accounts/roles";
import type { SiteConfig } from "./site-config.server";

/** What the root loader (app/root.tsx) gives every page: site identity, session and cart count. */
export interface RootData {
  site: SiteConfig;
  requestId: string;
  year: number;
  toast: ToastMessage | null;
  noScriptToast: string | null;
  cartItemCount: number;
  user: { email: string; role: Role } | null;
}

/** The root loader's data, on any page. */
export function useRootData() {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("useRootData must be used below the root route");
  return data;
}

export function useSite() {
  return useRootData().site;
}

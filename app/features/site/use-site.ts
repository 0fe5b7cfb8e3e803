import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** The root loader's data: site identity, session and cart count, on any page. */
export function useRootData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useRootData must be used below the root route");
  return data;
}

export function useSite() {
  return useRootData().site;
}

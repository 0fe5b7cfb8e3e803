import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { publicPages } from "~/core/public-pages";
import { FEES_ROUTE_ID } from "~/features/shop/shop-paths";

/** Every URL path the route table serves, layouts' children under their parents' paths. */
function routePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : entry.path ? `${parent}/${entry.path}` : parent;
    return [
      ...(entry.index || entry.path ? [path] : []),
      ...routePaths(entry.children ?? [], path === "/" ? "" : path),
    ];
  });
}

describe("the public pages table", () => {
  const served = new Set(routePaths(routes));

  it("names only routes of app/routes.ts", () => {
    expect(publicPages.map((page) => page.path).filter((path) => !served.has(path))).toEqual([]);
  });

  it("names each page once", () => {
    expect(new Set(publicPages.map((page) => page.path)).size).toBe(publicPages.length);
  });
});

describe("route ids that code relies on", () => {
  it("/fees's is FEES_ROUTE_ID, which the page cache's fill for a cart visitor writes into (React Router's id: the file without its extension)", () => {
    const fees = routes.flatMap((entry) => entry.children ?? []).find((entry) => entry.path === "fees");
    expect(fees?.id ?? fees?.file.replace(/\.tsx?$/, "")).toBe(FEES_ROUTE_ID);
  });
});

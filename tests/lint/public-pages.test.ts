import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { publicPages } from "~/core/public-pages";

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

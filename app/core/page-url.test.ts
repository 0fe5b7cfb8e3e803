import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url";

describe("pageUrl", () => {
  it.each([
    ["http://site.test/events.data?view=calendar&_routes=routes%2Fevents", "/events?view=calendar"],
    ["http://site.test/_root.data?type=debate", "/?type=debate"],
    ["http://site.test/events?view=list", "/events?view=list"],
    ["http://site.test/admin/donations.data", "/admin/donations"],
    // Only a trailing .data is React Router's; a page's own dots stay.
    ["http://site.test/robots.txt", "/robots.txt"],
  ])("%s is the page %s", (from, page) => {
    const url = pageUrl(new Request(from));
    expect(`${url.pathname}${url.search}`).toBe(page);
  });
});

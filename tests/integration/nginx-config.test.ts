import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromRoot } from "~/core/paths.server";

/**
 * deploy/nginx.conf, read as nginx reads it (nginx is not installed here): which `location` answers a request.
 * nginx first normalises the path (decodes %XX, merges slashes, resolves . and ..), then takes an exact `=`
 * location; otherwise the longest matching prefix, unless it is `^~`, loses to the first regex (`~`, `~*`) in file
 * order that matches.
 */
type Location = { modifier: "=" | "^~" | "~" | "~*" | ""; pattern: string; body: string };

function locations(config: string): Location[] {
  const found: Location[] = [];
  const pattern = /location\s+(=|\^~|~\*|~)?\s*(\S+)\s*\{/g;
  for (let match = pattern.exec(config); match; match = pattern.exec(config)) {
    // The block's body, to its matching brace.
    let depth = 1;
    let end = pattern.lastIndex;
    while (depth > 0 && end < config.length) {
      if (config[end] === "{") depth++;
      if (config[end] === "}") depth--;
      end++;
    }
    found.push({
      modifier: (match[1] ?? "") as Location["modifier"],
      pattern: match[2]!,
      body: config.slice(pattern.lastIndex, end - 1),
    });
  }
  return found;
}

function normalise(uri: string): string {
  const pathOnly = uri.split("?")[0]!;
  const decoded = decodeURIComponent(pathOnly).replace(/\/{2,}/g, "/");
  const parts: string[] = [];
  for (const part of decoded.split("/").slice(1)) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return `/${parts.join("/")}`;
}

function locationFor(all: Location[], uri: string): Location | undefined {
  const path = normalise(uri);
  const exact = all.find((location) => location.modifier === "=" && location.pattern === path);
  if (exact) return exact;
  const prefixes = all
    .filter((location) => (location.modifier === "" || location.modifier === "^~") && path.startsWith(location.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  if (prefixes[0]?.modifier === "^~") return prefixes[0];
  const regex = all.find(
    (location) =>
      (location.modifier === "~" || location.modifier === "~*") &&
      new RegExp(location.pattern, location.modifier === "~*" ? "i" : "").test(path),
  );
  return regex ?? prefixes[0];
}

const config = readFileSync(fromRoot("deploy/nginx.conf"), "utf8");
const all = locations(config);
const refused = (uri: string) => /\breturn\s+404\b/.test(locationFor(all, uri)?.body ?? "");
const proxied = (uri: string) => /\bproxy_pass\b/.test(locationFor(all, uri)?.body ?? "");

describe("deploy/nginx.conf", () => {
  it("refuses /metrics in every spelling the site's router would answer (any case, trailing slash)", () => {
    for (const uri of [
      "/metrics",
      "/metrics/",
      "/METRICS",
      "/Metrics/",
      "//metrics",
      "/./metrics",
      "/x/../metrics",
      "/%6Detrics",
      "/metrics?format=text",
      "/metrics/anything",
    ]) {
      expect({ uri, refused: refused(uri) }).toEqual({ uri, refused: true });
    }
  });

  it("still passes the site's pages, feeds and look-alike paths on", () => {
    for (const uri of ["/", "/fees", "/products/feed", "/metricsx", "/admin/metrics", "/donate?x=/metrics"]) {
      expect({ uri, proxied: proxied(uri) }).toEqual({ uri, proxied: true });
    }
  });
});

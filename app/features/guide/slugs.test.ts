import { describe, expect, it } from "vitest";
import { buildSlugIndex, defaultEventId, guideHref, parseTab, resolveEventId } from "./slugs";

const index = buildSlugIndex([
  { id: "lincoln-douglas", aliases: ["ld"] },
  { id: "extemporaneous", aliases: ["extemporaneous-speaking"] },
  { id: "public-forum", aliases: [] },
]);

describe("resolveEventId", () => {
  it.each([
    [null, "lincoln-douglas"],
    ["", "lincoln-douglas"],
    ["public-forum", "public-forum"],
    ["extemporaneous-speaking", "extemporaneous"],
    ["Extemporaneous-Speaking", "extemporaneous"],
    [" public forum ", "public-forum"],
    ["public_forum", "public-forum"],
    ["ld", "lincoln-douglas"],
    ["policy-debat", defaultEventId],
    ["<script>", defaultEventId],
  ])("%j -> %s", (slug, id) => {
    expect(resolveEventId(slug, index)).toBe(id);
  });
});

describe("buildSlugIndex", () => {
  it("refuses an alias that two entries claim", () => {
    expect(() =>
      buildSlugIndex([
        { id: "impromptu", aliases: ["imp"] },
        { id: "improv", aliases: ["imp"] },
      ]),
    ).toThrow(/"imp" is used by both impromptu and improv/);
  });
});

describe("tabs and links", () => {
  it.each([
    [null, "about"],
    ["judges", "judges"],
    ["advanced", "advanced"],
    ["videos", "videos"],
    ["VIDEOS", "about"],
    ["admin", "about"],
  ])("parseTab(%j) = %s", (value, tab) => {
    expect(parseTab(value)).toBe(tab);
  });

  it("builds shareable links and leaves the default tab out", () => {
    expect(guideHref("public-forum")).toBe("/guide?event=public-forum");
    expect(guideHref("public-forum", "about")).toBe("/guide?event=public-forum");
    expect(guideHref("big-questions", "videos")).toBe("/guide?event=big-questions&tab=videos");
  });
});

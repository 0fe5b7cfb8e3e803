import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { guideContentDir, loadGuidePage, readGuideCatalog, type GuideCatalog } from "./content.server";
import { EventDetail } from "./event-detail";
import { toVideoView } from "./schema";
import { resolveEventId } from "./slugs";

let catalog: GuideCatalog;
beforeAll(async () => {
  catalog = await readGuideCatalog();
});
const entry = (id: string) => {
  const found = catalog.entries.get(id);
  if (!found) throw new Error(`no guide entry ${id}`);
  return found;
};
const times = (id: string) => entry(id).about.timing?.schedule?.map((row) => row.time);

describe("content/guide", () => {
  it("has every event of both forms of docs/product.md and the tournament events list, in the right group", () => {
    expect(catalog.groups.map((group) => [group.category, group.events.map((event) => event.id)])).toEqual([
      ["Congress", ["congressional-debate"]],
      [
        "Debate",
        ["big-questions", "extemp-debate", "lincoln-douglas", "policy-debate", "public-forum", "world-schools"],
      ],
      [
        "Speech",
        [
          "dramatic-interpretation",
          "extemporaneous",
          "humorous-interpretation",
          "impromptu",
          "informative-speaking",
          "original-oratory",
          "program-oral-interp",
          "radio",
        ],
      ],
    ]);
  });

  // docs/product.md, Team: the specialty chips link to /guide?event=<slug>.
  it.each([
    ["extemporaneous-speaking", "extemporaneous"],
    ["extemp-debate", "extemp-debate"],
    ["impromptu-speaking", "impromptu"],
    ["original-oratory", "original-oratory"],
    ["informative-speaking", "informative-speaking"],
    ["radio-speaking", "radio"],
    ["world-schools", "world-schools"],
    ["lincoln-douglas", "lincoln-douglas"],
    ["congressional-debate", "congressional-debate"],
    ["public-forum", "public-forum"],
    ["humorous-interpretation", "humorous-interpretation"],
    ["dramatic-interpretation", "dramatic-interpretation"],
  ])("opens the team page's specialty slug %s as %s", (slug, id) => {
    expect(resolveEventId(slug, catalog.slugs)).toBe(id);
    expect(catalog.entries.has(id)).toBe(true);
  });

  it("falls back to Lincoln-Douglas for an unknown event", async () => {
    expect((await loadGuidePage("no-such-event")).event.id).toBe("lincoln-douglas");
    expect((await loadGuidePage(null)).event.id).toBe("lincoln-douglas");
  });

  it("ships no made-up recording: every sample video is a placeholder search that names its event, shown as a link", async () => {
    const videos = [...catalog.entries.values()].flatMap((item) => item.videos.map((video) => ({ item, video })));
    expect(videos.length).toBeGreaterThanOrEqual(4);
    for (const { item, video } of videos) {
      // A video id nobody checked is how "Video unavailable" reached students: the sample has none.
      expect(video.placeholder, `${item.id}: ${video.url}`).toBe(true);
      const url = new URL(video.url);
      expect(`${url.origin}${url.pathname}`).toBe("https://www.youtube.com/results");
      expect(url.searchParams.get("search_query")).toContain(item.name.replace(/ Debate$/, ""));
    }
    expect(entry("big-questions").videos).toEqual([]);
    expect(entry("big-questions").coaches).toEqual([]);
  });

  it("never renders a placeholder as an embedded player", async () => {
    const embedded: string[] = [];
    const missingLinks: string[] = [];
    for (const item of catalog.entries.values()) {
      const page = await loadGuidePage(item.id);
      const html = renderToStaticMarkup(
        createElement(
          MemoryRouter,
          null,
          createElement(EventDetail, { event: page.event, tab: "videos", onTabChange: () => {} }),
        ),
      );
      const players = html.match(/<iframe/g)?.length ?? 0;
      const recordings = page.event.videos.filter((v) => !v.placeholder).length;
      if (players > recordings) embedded.push(`${item.id}: ${players} players for ${recordings} recordings`);
      for (const video of page.event.videos.filter((v) => v.placeholder)) {
        if (video.embedUrl !== null) embedded.push(`${item.id}: ${video.url}`);
        if (!html.includes(`href="${video.url.replaceAll("&", "&amp;")}"`))
          missingLinks.push(`${item.id}: ${video.url}`);
      }
    }
    expect(embedded).toEqual([]);
    expect(missingLinks).toEqual([]);
  });

  it("embeds a recording the district added, and never a placeholder even when its link is a video", () => {
    expect(toVideoView({ title: "Final round", url: "https://vimeo.com/823456712", placeholder: false }).embedUrl).toBe(
      "https://player.vimeo.com/video/823456712",
    );
    expect(
      toVideoView({ title: "Unchecked", url: "https://youtu.be/Fm3kD9vQe2s", placeholder: true }).embedUrl,
    ).toBeNull();
  });

  it("names only coaches who are on the team page", async () => {
    const team = parse(await readFile(path.join(guideContentDir, "..", "team.yaml"), "utf8")) as {
      coaches: { name: string }[];
    };
    const onTeam = new Set(team.coaches.map((coach) => coach.name));
    const named = [...catalog.entries.values()].flatMap((item) => item.coaches);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !onTeam.has(name))).toEqual([]);
  });

  it("carries the congressional debate help text", () => {
    expect(entry("congressional-debate").about.procedures?.map((p) => p.title)).toEqual([
      "Setting the docket",
      "Motion to modify the docket",
      "Motion for the previous question",
      "Precedence",
      "Recency",
      "Authorship and sponsorship",
    ]);
  });

  it("mentions every philosophical term in Lincoln-Douglas", () => {
    const text = JSON.stringify(entry("lincoln-douglas")).toLowerCase();
    for (const term of ["deontology", "utilitarianism", "virtue ethics", "other traditions"])
      expect(text).toContain(term);
  });
});

// docs/product.md#9-constants-and-limits, "Event formats in the guide": the tables must match exactly.
describe("speech times match docs/product.md#9-constants-and-limits", () => {
  const min = (...values: (number | string)[]) => values.map((v) => (typeof v === "number" ? `${v} min` : v));

  it("Lincoln-Douglas: 6, 3, 7, 3, 4, 6, 3", () => {
    expect(times("lincoln-douglas")).toEqual(min(6, 3, 7, 3, 4, 6, 3));
  });

  it("Public Forum: 4, 4, 3, 4, 4, 3, 3, 3, 3, 2, 2", () => {
    expect(times("public-forum")).toEqual(min(4, 4, 3, 4, 4, 3, 3, 3, 3, 2, 2));
  });

  it("Extemp Debate: 2, 1, 2, 1, 1 min prep, 2, 2, 1 min prep, 2, 2; prep 30 minutes at Nationals, 1 hour at district", () => {
    expect(times("extemp-debate")).toEqual(min(2, 1, 2, 1, "1 min prep", 2, 2, "1 min prep", 2, 2));
    expect(entry("extemp-debate").about.timing?.prep_time).toBe(
      "30 minutes at the NSDA National Tournament; 1 hour at the district's tournaments",
    );
  });

  it("World Schools: six 8-minute speeches and two 4-minute replies; POIs in minutes 2-7; 40/40/20 on 60-80, average 70", () => {
    expect(times("world-schools")).toEqual(min(8, 8, 8, 8, 8, 8, 4, 4));
    const worlds = entry("world-schools");
    expect(worlds.about.points_of_information).toContain("minutes 2 through 7");
    expect(worlds.judges.criteria.join(" ")).toMatch(/Content \(40%\).*Style \(40%\).*Strategy \(20%\)/);
    expect(worlds.judges.scoring).toContain("60 to 80");
    expect(worlds.judges.scoring).toContain("average of 70");
  });

  it("Congress: chambers of 8-10, sessions of 1-1.5 hours, 3-minute speeches, 2 then 1 minute of questioning", () => {
    expect(times("congressional-debate")).toEqual(min(3, 2, 3, 2, 3, 1));
    const format = entry("congressional-debate").about.timing?.format ?? "";
    expect(format).toContain("Chambers of 8 to 10 students");
    expect(format).toContain("sessions of 1 to 1.5 hours");
  });

  it("Big Questions: 5/5 constructive, 3-minute question segments, 4/4 rebuttal, 3/3 consolidation, 3/3 rationale", () => {
    expect(times("big-questions")).toEqual(min(5, 5, 3, 4, 4, 3, 3, 3, 3, 3));
  });

  it("Impromptu: 3 topics, 7 minutes in total with 30 seconds grace, 3.5-4 minute speech advised", () => {
    const timing = entry("impromptu").about.timing;
    expect(timing?.format).toContain("Three topics");
    expect(timing?.format).toContain("7 minutes in total");
    expect(timing?.format).toContain("3.5 to 4 minutes");
    expect(timing?.grace_period).toBe("30 seconds");
  });

  it("Extemporaneous: 30 minutes prep, 7-minute speech, 30 seconds grace, 1 of 3 questions", () => {
    const timing = entry("extemporaneous").about.timing;
    expect(timing?.prep_time).toBe("30 minutes");
    expect(timing?.format).toContain("up to 7 minutes");
    expect(timing?.format).toContain("one of the 3");
    expect(timing?.grace_period).toBe("30 seconds");
  });

  it("Radio: 5 minutes, 5 seconds grace, news within 48 hours, cameras off", () => {
    const timing = entry("radio").about.timing;
    expect(timing?.format).toContain("up to 5 minutes");
    expect(timing?.grace_period).toBe("5 seconds");
    expect(timing?.format).toContain("48 hours");
    expect(timing?.format).toContain("Cameras are off");
  });

  it.each([
    "original-oratory",
    "informative-speaking",
    "program-oral-interp",
    "humorous-interpretation",
    "dramatic-interpretation",
  ])("%s: 10 minutes with 30 seconds grace", (id) => {
    expect(entry(id).about.timing?.format).toContain("up to 10 minutes with a 30-second grace period");
    expect(entry(id).about.timing?.grace_period).toBe("30 seconds");
  });
});

describe("readGuideCatalog on a broken file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "guide-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("names the file and the field that is wrong", async () => {
    const source = await readFile(path.join(guideContentDir, "radio.yaml"), "utf8");
    await writeFile(
      path.join(dir, "radio.yaml"),
      source.replace("category: Speech", "category: Theatre").replace("judges:", "judgs:"),
    );
    await expect(readGuideCatalog(dir)).rejects.toThrow(
      /content\/guide\/radio\.yaml is not a valid guide entry:[\s\S]*category[\s\S]*judgs/,
    );
  });

  it("rejects a video link that cannot be embedded", async () => {
    const source = await readFile(path.join(guideContentDir, "world-schools.yaml"), "utf8");
    await rm(path.join(dir, "radio.yaml"));
    await writeFile(
      path.join(dir, "world-schools.yaml"),
      source.replace(
        /url: "https:\/\/www\.youtube\.com\/results[^"]*", placeholder: true/,
        'url: "https://example.org/clip.mp4"',
      ),
    );
    await expect(readGuideCatalog(dir)).rejects.toThrow(
      /videos\.0\.url: must be a YouTube, Vimeo or Google Drive file link/,
    );
  });

  it("rejects a placeholder that points at a video, which would be embedded", async () => {
    const source = await readFile(path.join(guideContentDir, "world-schools.yaml"), "utf8");
    await rm(path.join(dir, "radio.yaml"), { force: true });
    await writeFile(
      path.join(dir, "world-schools.yaml"),
      source.replace(
        /url: "https:\/\/www\.youtube\.com\/results[^"]*"/,
        'url: "https://www.youtube.com/watch?v=Lx7nQ2pYt4A"',
      ),
    );
    await expect(readGuideCatalog(dir)).rejects.toThrow(/videos\.0\.url: a placeholder must link to a page/);
  });
});

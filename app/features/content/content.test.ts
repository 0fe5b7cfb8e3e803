import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import {
  ContentError,
  contactContent,
  contentDir,
  dressCodeContent,
  footerContent,
  homeContent,
  loadSiteContent,
  missionContent,
  nationalsContent,
  parseContent,
  schoolsContent,
  teamContent,
  testimonialsContent,
} from "./content.server";
import { publicPages } from "~/core/public-pages";
import { footerHref, qualifierEvents, schoolsFileSchema, specialtyLabels, testimonialsFileSchema } from "./schemas";

const publicDir = path.resolve(import.meta.dirname, "../../../public");
const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, "../../../content", file), "utf8");

describe("content files", () => {
  it("every file matches its schema", () => {
    // Each getter parses and validates its file; a bad field throws with its path.
    expect(() => [
      schoolsContent(),
      teamContent(),
      nationalsContent(),
      testimonialsContent(),
      missionContent(),
      dressCodeContent(),
      homeContent(),
      contactContent(),
      footerContent(),
    ]).not.toThrow();
  });

  it("reports the file, line and field of a mistake", () => {
    const source = read("schools.yaml");
    const line = source.split("\n").findIndex((text) => text.includes("state: NY")) + 1;
    const broken = source.replace("state: NY", "state: New York");
    expect(() => parseContent("schools.yaml", broken, schoolsFileSchema)).toThrow(
      new RegExp(`content/schools\\.yaml is not valid:\n {2}line ${line}: schools\\.0\\.state`),
    );
  });

  it("takes a school's name and state in Tabroom only as Tabroom's importer reads them (decision 0046)", () => {
    const source = read("schools.yaml");
    const withName = (name: string) =>
      source.replace("state: NY", `state: NY\n    tabroomName: "${name}"\n    tabroomState: NJ`);
    expect(() => parseContent("schools.yaml", withName("Ohr Chaim Acad."), schoolsFileSchema)).not.toThrow();
    expect(() => parseContent("schools.yaml", withName("Ohr Chaïm"), schoolsFileSchema)).toThrow(/tabroomName/);
    expect(() => parseContent("schools.yaml", withName("O.C.A. (N.Y.)"), schoolsFileSchema)).toThrow(
      /at most four punctuation marks/,
    );
  });

  it("names the line of a YAML syntax error and of a misspelt field", () => {
    const lines = read("testimonials.yaml").split("\n");
    const quoteLine = lines.findIndex((text) => /^\s*-?\s*quote:/.test(text));
    const bad = [...lines];
    bad[quoteLine] = bad[quoteLine]!.replace(/quote: .*/, 'quote: "an unclosed quote');
    expect(() => parseContent("testimonials.yaml", bad.join("\n"), testimonialsFileSchema)).toThrow(
      /content\/testimonials\.yaml is not valid:\n {2}line \d+: .*\(a YAML syntax error\)/,
    );
    const misspelt = [...lines];
    const authorLine = lines.findIndex((text) => /^\s*author:/.test(text));
    misspelt[authorLine] = misspelt[authorLine]!.replace("author:", "autor:");
    expect(() => parseContent("testimonials.yaml", misspelt.join("\n"), testimonialsFileSchema)).toThrow(
      new RegExp(`line ${authorLine + 1}: testimonials\\.0: Unrecognized key: "autor"`),
    );
  });

  it("loadSiteContent reads content/ from disk and refuses a broken folder with the file and line", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "citron-content-"));
    try {
      cpSync(contentDir, dir, { recursive: true });
      await expect(loadSiteContent(dir)).resolves.toBeUndefined();
      const team = readFileSync(path.join(dir, "team.yaml"), "utf8");
      const line = team.split("\n").findIndex((text) => /^\s*role:/.test(text)) + 1;
      writeFileSync(path.join(dir, "team.yaml"), team.replace(/^(\s*)role:/m, "$1rol:"));
      await expect(loadSiteContent(dir)).rejects.toThrow(
        new RegExp(
          `^content/team\\.yaml is not valid:\n {2}line \\d+: coaches\\.0\\.role: .*\n {2}line ${line}: coaches\\.0: Unrecognized key: "rol"`,
        ),
      );
      await expect(loadSiteContent(dir)).rejects.toBeInstanceOf(ContentError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await loadSiteContent();
    }
  });

  it("is not bundled into the build: no module imports content/ as a string", () => {
    const appDir = path.resolve(import.meta.dirname, "../..");
    const sources = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
    const bundling = sources.filter((file) =>
      /content\/[^"']*\?raw/.test(readFileSync(path.join(appDir, file), "utf8")),
    );
    expect(bundling).toEqual([]);
  });

  it("lists about 26 schools in the eight states docs/product.md names, each with a unique slug and a logo file", () => {
    const schools = schoolsContent();
    expect(schools.length).toBe(26);
    expect(new Set(schools.map((school) => school.state))).toEqual(
      new Set(["NY", "NJ", "FL", "IL", "PA", "CA", "CO", "KS"]),
    );
    expect(new Set(schools.map((school) => school.slug)).size).toBe(schools.length);
    expect(
      schools.filter((school) => !existsSync(path.join(publicDir, school.logo))).map((school) => school.logo),
    ).toEqual([]);
    for (const school of schools) expect(new URL(school.website).hostname).toMatch(/\.example\.org$/);
  });

  it("has coaches whose bios exercise the 350-character rule, covering every specialty, and two boards", () => {
    const { coaches, boards } = teamContent();
    expect(coaches.some((coach) => coach.bio.length > 350)).toBe(true);
    expect(coaches.some((coach) => coach.bio.length <= 350)).toBe(true);
    expect(new Set(coaches.flatMap((coach) => coach.specialties))).toEqual(new Set(Object.keys(specialtyLabels)));
    expect(boards).toHaveLength(2);
  });

  it("lists 21 qualifiers across the events docs/product.md names, with short and long bios", () => {
    const { qualifiers } = nationalsContent();
    expect(qualifiers).toHaveLength(21);
    expect(new Set(qualifiers.map((qualifier) => qualifier.event))).toEqual(new Set(qualifierEvents));
    expect(qualifiers.some((qualifier) => qualifier.bio.length > 200)).toBe(true);
    expect(qualifiers.some((qualifier) => qualifier.bio.length <= 200)).toBe(true);
    expect(existsSync(path.join(publicDir, nationalsContent().supporter.logo))).toBe(true);
  });

  it("keeps the tournament facts docs/product.md gives", () => {
    const text = nationalsContent().tournament.paragraphs.join(" ");
    expect(text).toContain("1931");
    expect(text).toContain("more than 6,000");
    expect(text).toContain("largest academic competition");
  });

  it("has the six core values and three provisions of the mission page, in docs/product.md's words", () => {
    const mission = missionContent();
    expect(mission.coreValues.map((value) => value.title)).toEqual([
      "Inclusivity",
      "Excellence",
      "Leadership Development",
      "Community",
      "Innovation",
      "National Impact",
    ]);
    expect(mission.whatWeProvide.map((item) => item.title)).toEqual([
      "Professional Coaching",
      "Competitive Opportunities",
      "National Championship Pathways",
    ]);
  });

  it("names every item of docs/product.md's dress code", () => {
    const text = JSON.stringify(parse(read("dress-code.yaml"))).toLowerCase();
    for (const item of [
      "business casual",
      "college interview",
      "jeans",
      "shorts",
      "tees",
      "hoodies",
      "sneakers",
      "flashy colors",
      "logos",
      "athletic wear",
      "excess jewelry",
      "hats, unless worn for religious reasons",
      "tidy room",
      "blur",
      "face level",
      "front",
      "test your setup",
      "black, gray or navy",
      "tie is optional",
      "blazer with dress pants",
      "dress shirt with dress pants",
      "skirt suit or pants suit",
      "freedom of color",
      "blouse",
      "shell",
      "cardigan",
      "suggestions",
      "enforced at district tournaments",
      "more conservative option",
    ]) {
      expect(text).toContain(item);
    }
  });
});

describe("the home, contact and footer files", () => {
  it("keep docs/product.md's words: Get Involved, View Events, Get Involved Today; Contact Us Now, 24-48 hours", () => {
    const home = homeContent();
    expect(home.hero.getInvolvedLabel).toBe("Get Involved");
    expect(home.hero.eventsLabel).toBe("View Events");
    expect(home.closing.buttonLabel).toBe("Get Involved Today");
    expect(home.hero.heading).toBe("{siteName}");
    const contact = contactContent();
    expect(contact.contactButton).toBe("Contact Us Now");
    expect(contact.reply.text).toContain("24-48 hours");
    expect(contact.reasons.map((reason) => reason.title)).toEqual([
      "Joining the district",
      "Participating in tournaments",
      "Judging",
      "Coaching",
      "General information",
    ]);
  });

  it("has the three testimonials docs/product.md's home page shows", () => {
    expect(testimonialsContent()).toHaveLength(3);
  });

  it("lists the footer's links as the navigation has them, then the ways to get in touch", () => {
    const [explore, touch] = footerContent().groups;
    expect(explore!.links.map((link) => [link.label, link.href])).toEqual(
      publicPages.flatMap((page) => ("nav" in page ? [[page.nav, page.path]] : [])).slice(0, 7),
    );
    expect(touch!.links.map((link) => link.href)).toEqual(["/contact", "mailto:{contactEmail}", "{socialUrl}", "/donate", "/judge", "/entries"]);
  });

  it.each([
    ["/mission", true],
    ["https://example.org/page", true],
    ["mailto:info@example.org", true],
    ["{socialUrl}", true],
    ["javascript:alert(1)", false],
    ["JavaScript:alert(1)", false],
    ["//evil.example.org", false],
    ["http://example.org", false],
    ["data:text/html,<script>alert(1)</script>", false],
    ["/mission onclick=alert(1)", false],
    // Browsers read a backslash as a slash and drop tabs: each of these would leave the site (decision 0044).
    ["/\\evil.example/handbook", false],
    ["/\\/evil.example", false],
    ["\\\\evil.example", false],
    ["/%5Cevil.example/handbook", false],
    ["/%2F/evil.example", false],
    ["/\t/evil.example", false],
    ["/guide?event=lincoln-douglas-debate#top", true],
    ["https://", false],
  ])("a footer link to %s is %s", (href, allowed) => {
    expect(footerHref.safeParse(href).success).toBe(allowed);
  });
});

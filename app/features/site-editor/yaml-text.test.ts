import { describe, expect, it } from "vitest";
import { fileContent } from "~/features/content/content.server";
import { sectionKeys } from "~/features/content/sections";
import { exportYaml, parseImport, parseSource, toYaml } from "./yaml-text";

const files = () => new Map(sectionKeys.map((key) => [key, fileContent(key)]));

describe("sections as YAML text", () => {
  it("reads back what it writes, for every section", () => {
    for (const key of sectionKeys)
      expect(parseSource(key, toYaml(fileContent(key)))).toEqual({ ok: true, document: fileContent(key) });
  });

  it("names the field and line of a mistake, and refuses empty and oversized text", () => {
    const source = toYaml(fileContent("testimonials")).replace("author: Eli M.", "author: eli");
    const parsed = parseSource("testimonials", source);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/line \d+: testimonials\.1\.author: first name and last initial/);
    expect(parseSource("testimonials", "  ")).toEqual({ ok: false, message: "The text is empty." });
    expect(parseSource("testimonials", "x".repeat(100_001)).ok).toBe(false);
  });

  it("exports every section in one file and imports it back", () => {
    const parsed = parseImport(exportYaml(files()));
    expect(parsed).toEqual({ ok: true, documents: files() });
  });

  it("refuses an import with any broken or missing section, naming each", () => {
    const source = exportYaml(files()).replace("vision: ", "visionn: ");
    const parsed = parseImport(source.replace(/^schools\.yaml:[\s\S]*?(?=^nationals\.yaml:)/m, "extra.yaml: 1\n"));
    expect(parsed.ok).toBe(false);
    const problems = parsed.ok ? [] : parsed.problems;
    expect(problems).toContain("extra.yaml: not a section of the site.");
    expect(problems).toContain("schools.yaml: missing.");
    expect(problems.some((problem) => problem.startsWith("mission.yaml: "))).toBe(true);
    expect(parseImport("a: [").ok).toBe(false);
    expect(parseImport("- 1").ok).toBe(false);
  });
});

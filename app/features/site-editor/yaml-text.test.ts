import { describe, expect, it } from "vitest";
import { fileContent } from "~/features/content/content.server";
import { sectionKeys } from "~/features/content/sections";
import { exportYaml, importAnswer, parseImport, parseSource, toYaml } from "./yaml-text";

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
    expect(parsed).toEqual({ ok: true, documents: files(), missing: [] });
  });

  it("refuses an import with any broken or unknown section, naming each", () => {
    const source = exportYaml(files()).replace("vision: ", "visionn: ");
    const parsed = parseImport(source.replace(/^schools\.yaml:[\s\S]*?(?=^nationals\.yaml:)/m, "extra.yaml: 1\n"));
    expect(parsed.ok).toBe(false);
    const problems = parsed.ok ? [] : parsed.problems;
    expect(problems).toContain("extra.yaml: not a section of the site.");
    expect(problems.some((problem) => problem.startsWith("mission.yaml: "))).toBe(true);
    expect(parseImport("a: [").ok).toBe(false);
    expect(parseImport("{}")).toEqual({ ok: false, problems: ["The file holds no section of the site."] });
    expect(parseImport("- 1").ok).toBe(false);
  });

  it("imports an export from before a section existed, naming the sections it leaves as they are", () => {
    const source = exportYaml(files()).replace(/^schools\.yaml:[\s\S]*?(?=^nationals\.yaml:)/m, "");
    const parsed = parseImport(source);
    expect(parsed.ok && parsed.missing).toEqual(["schools"]);
    expect(parsed.ok && parsed.documents.has("schools")).toBe(false);
    expect(importAnswer(["team"], ["schools"])).toBe(
      "Published: Team (coaches and boards). Not in the file, left as they were: Member schools.",
    );
    expect(importAnswer([], [])).toBe("Every section in the file was already the same: nothing changed.");
  });
});

import { describe, expect, it } from "vitest";
import { seededRandom } from "#tests/support/random";
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

describe("fuzzing the YAML a staff member may type (decision 0042)", () => {
  it("answers 400 generated texts with the section or a message, never an exception", () => {
    const next = seededRandom(20_261_128);
    const pieces = [
      "a: ",
      "- ",
      "? ",
      ": ",
      "[",
      "]",
      "{",
      "}",
      ",",
      "&x ",
      "*x ",
      "!!str ",
      "!!binary ",
      "|",
      ">",
      "#",
      "'",
      '"',
      "\n",
      "\n  ",
      "\t",
      "---\n",
      "...\n",
      "%YAML 1.2\n",
      "<<: *x\n",
      "\u2028",
      "\u0000",
      "\uFEFF",
      "=HYPERLINK(",
      "coaches:",
      "name: ",
      "k",
      "1e999",
      "0x",
      "~",
      "null",
      "💥",
    ];
    const real = toYaml(fileContent("team"));
    const problems: string[] = [];
    for (let round = 0; round < 400; round += 1) {
      const length = 1 + Math.floor(next() * 60);
      let text = Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]).join("");
      if (next() < 0.3) {
        const at = Math.floor(next() * real.length);
        text = real.slice(0, at) + text + real.slice(at);
      }
      try {
        const parsed = parseSource("team", text);
        if (!parsed.ok && !/^(The text is empty\.|content\/team\.yaml has problems:\n {2}\S)/.test(parsed.message))
          problems.push(`${JSON.stringify(text)}: ${parsed.message}`);
      } catch (error) {
        problems.push(`${JSON.stringify(text)} threw ${String(error)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("says what is over a limit: characters, structure, nesting, a repeated key, an alias", () => {
    const message = (source: string) => {
      const parsed = parseSource("team", source);
      return parsed.ok ? "" : parsed.message;
    };
    expect(message("x".repeat(40_001))).toMatch(/too long \(40001 characters; at most 40000\)/);
    expect(message("k: 1\n".repeat(2_000))).toMatch(/too much structure \(4,000 .*at most 2,500\)/);
    expect(message(`a: ${"[".repeat(17)}`)).toMatch(/nested too deeply/);
    expect(message("coaches: []\nboard: []\ncoaches: []\n")).toMatch(/line 3: the key "coaches" is repeated/);
    expect(message("a: &x 1\nb: *x\n")).toMatch(/line 1: anchors and aliases/);
  });
});

import { stringify } from "yaml";
import { z } from "~/core/zod";
import { ContentError, parseContent, SECTION_YAML_LIMITS, type YamlLimits } from "~/features/content/parse-content";
import { MAX_SOURCE_CHARS } from "./editor-form";
import { contentSections, type SectionKey, sectionKeys } from "~/features/content/sections";

/**
 * Sections as text: the editor shows a section in its content/ file's layout
 * (YAML) and reads it back with the same parser and schema as the files, so a
 * mistake is named by field and line. The export is every section in one
 * YAML file, keyed by file name; the import reads such a file back and checks
 * every section before anything is changed.
 */

export function toYaml(document: unknown): string {
  return stringify(document, { lineWidth: 110, minContentWidth: 40 });
}

export type ParsedSource = { ok: true; document: unknown } | { ok: false; message: string };

/** Reads an editor's text against the section's schema; the message lists each problem with its line. */
export function parseSource(key: SectionKey, source: string): ParsedSource {
  if (!source.trim()) return { ok: false, message: "The text is empty." };
  if (source.length > MAX_SOURCE_CHARS)
    return { ok: false, message: `The text is too long (${source.length} characters; at most ${MAX_SOURCE_CHARS}).` };
  const { file, schema } = contentSections[key];
  try {
    return { ok: true, document: parseContent(file, source, schema, "has problems", SECTION_YAML_LIMITS) };
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, message: error.message };
    throw error;
  }
}

const EXPORT_HEADER =
  "# Citron Online District site content: every section of content/, keyed by its file name.\n" +
  "# Split it back into content/ or import it on the admin area's Site content page.\n";

/** Every section in one YAML file, in the content/ layout. */
export function exportYaml(documents: ReadonlyMap<SectionKey, unknown>): string {
  const byFile = Object.fromEntries(sectionKeys.map((key) => [contentSections[key].file, documents.get(key)]));
  return EXPORT_HEADER + toYaml(byFile);
}

/**
 * An import: every section at once. Real content's export is about 36,000 characters with 2,300 marks (decision
 * 0042), so about 3 times its characters and 2.6 times its marks; each section in it is still checked by its schema.
 */
export const IMPORT_YAML_LIMITS: YamlLimits = { chars: 120_000, marks: 6_000, depth: 16 };

export type ParsedImport =
  { ok: true; documents: Map<SectionKey, unknown>; missing: SectionKey[] } | { ok: false; problems: string[] };

/**
 * Reads an export back: every section in it must be valid, and every name a section's, or nothing is imported. A
 * section the file does not hold (an export from before the section existed) is left as it is, and said.
 */
export function parseImport(source: string): ParsedImport {
  if (source.length > IMPORT_YAML_LIMITS.chars)
    return {
      ok: false,
      problems: [
        `The file is too large (${source.length.toLocaleString("en-US")} characters; at most ${IMPORT_YAML_LIMITS.chars.toLocaleString("en-US")}).`,
      ],
    };
  let whole: unknown;
  try {
    whole = parseContent(
      "import.yaml",
      source,
      z.record(z.string(), z.unknown()),
      "is not a site content export",
      IMPORT_YAML_LIMITS,
    );
  } catch (error) {
    if (error instanceof ContentError)
      return { ok: false, problems: [error.message.replace("content/import.yaml", "The file")] };
    throw error;
  }
  const entries = whole as Record<string, unknown>;
  const problems: string[] = [];
  const documents = new Map<SectionKey, unknown>();
  const missing: SectionKey[] = [];
  const files = new Set<string>(sectionKeys.map((key) => contentSections[key].file));
  for (const name of Object.keys(entries)) if (!files.has(name)) problems.push(`${name}: not a section of the site.`);
  for (const key of sectionKeys) {
    const { file, schema } = contentSections[key];
    if (!(file in entries)) {
      missing.push(key);
      continue;
    }
    const result = schema.safeParse(entries[file]);
    if (result.success) documents.set(key, result.data);
    else
      problems.push(
        ...result.error.issues
          .slice(0, 10)
          .map((issue) => `${file}: ${issue.path.join(".") || "(top level)"}: ${issue.message}`),
      );
  }
  if (missing.length === sectionKeys.length && problems.length === 0)
    problems.push("The file holds no section of the site.");
  return problems.length ? { ok: false, problems } : { ok: true, documents, missing };
}

/** What an import did: the sections it published, and those it left as they were because the file lacks them. */
export function importAnswer(published: readonly SectionKey[], missing: readonly SectionKey[]): string {
  const labels = (keys: readonly SectionKey[]) => keys.map((key) => contentSections[key].label).join("; ");
  const done = published.length
    ? `Published: ${labels(published)}.`
    : "Every section in the file was already the same: nothing changed.";
  return missing.length ? `${done} Not in the file, left as they were: ${labels(missing)}.` : done;
}

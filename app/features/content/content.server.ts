import { readFileSync } from "node:fs";
import path from "node:path";
import { fromRoot } from "~/core/paths.server";
import { ContentError, parseContent } from "./parse-content";
import { contentSections, type SectionDocument, type SectionKey, sectionKeys } from "./sections";

/**
 * The district's content files are read from disk (never bundled into the
 * build), so an edit to content/ takes effect on the next start without a
 * rebuild. The server reads and checks them all before it listens
 * (`loadSiteContent`), and refuses to start on a broken edit with the file
 * and line named; pages then read them from memory.
 *
 * What staff published in the admin area (app/features/site-editor, decision
 * 0039) replaces a file's content in memory (`setPublishedContent`): a section
 * nobody has published shows its file.
 */
export const contentDir = fromRoot("content");

export { ContentError, parseContent };

function readSection<K extends SectionKey>(dir: string, key: K): SectionDocument<K> {
  const { file, schema } = contentSections[key];
  let source: string;
  try {
    source = readFileSync(path.join(dir, file), "utf8");
  } catch (error) {
    throw new ContentError(`content/${file} cannot be read: ${(error as Error).message}`);
  }
  return parseContent(file, source, schema) as SectionDocument<K>;
}

type Files = { [K in SectionKey]: SectionDocument<K> };

function readSiteContent(dir: string): Files {
  return Object.fromEntries(sectionKeys.map((key) => [key, readSection(dir, key)])) as Files;
}

let loaded: Files | undefined;
const published = new Map<SectionKey, unknown>();

/**
 * Reads and checks every content file once, at start (server/start.ts then loads
 * the Competition Guide's, which depends on this module, not the other way).
 * Throws a ContentError naming the first broken file and its line.
 */
export async function loadSiteContent(dir: string = contentDir): Promise<void> {
  loaded = readSiteContent(dir);
}

// Tests and scripts that never call loadSiteContent read the files on first use.
const files = () => (loaded ??= readSiteContent(contentDir));

/** The section as its file in content/ has it (the seed of version 1, and what a fresh clone shows). */
export function fileContent<K extends SectionKey>(key: K): SectionDocument<K> {
  return files()[key];
}

/** What the site shows for a section: its published version, or its file. */
export function sectionContent<K extends SectionKey>(key: K): SectionDocument<K> {
  return (published.get(key) as SectionDocument<K> | undefined) ?? files()[key];
}

/** A published document (already checked against the section's schema) replaces the file's in memory; null: the file again. */
export function setPublishedContent(key: SectionKey, document: unknown | null): void {
  if (document === null) published.delete(key);
  else published.set(key, document);
}

export const schoolsContent = () => sectionContent("schools").schools;
export const teamContent = () => sectionContent("team");
export const nationalsContent = () => sectionContent("nationals");
export const testimonialsContent = () => sectionContent("testimonials").testimonials;
export const missionContent = () => sectionContent("mission");
export const dressCodeContent = () => sectionContent("dress-code");
export const homeContent = () => sectionContent("home");
export const contactContent = () => sectionContent("contact");
export const footerContent = () => sectionContent("footer");

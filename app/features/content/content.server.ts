import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "~/core/zod";
import { fromRoot } from "~/core/paths.server";
import { ContentError, parseContent } from "./parse-content";
import {
  dressCodeFileSchema,
  missionFileSchema,
  nationalsFileSchema,
  schoolsFileSchema,
  teamFileSchema,
  testimonialsFileSchema,
} from "./schemas";

/**
 * The district's content files are read from disk (never bundled into the
 * build), so an edit to content/ takes effect on the next start without a
 * rebuild. The server reads and checks them all before it listens
 * (`loadSiteContent`), and refuses to start on a broken edit with the file
 * and line named; pages then read them from memory.
 */
export const contentDir = fromRoot("content");

export { ContentError, parseContent };

function readContent<T extends z.ZodType>(dir: string, file: string, schema: T): z.infer<T> {
  let source: string;
  try {
    source = readFileSync(path.join(dir, file), "utf8");
  } catch (error) {
    throw new ContentError(`content/${file} cannot be read: ${(error as Error).message}`);
  }
  return parseContent(file, source, schema);
}

function readSiteContent(dir: string) {
  return {
    schools: readContent(dir, "schools.yaml", schoolsFileSchema).schools,
    team: readContent(dir, "team.yaml", teamFileSchema),
    nationals: readContent(dir, "nationals.yaml", nationalsFileSchema),
    testimonials: readContent(dir, "testimonials.yaml", testimonialsFileSchema).testimonials,
    mission: readContent(dir, "mission.yaml", missionFileSchema),
    dressCode: readContent(dir, "dress-code.yaml", dressCodeFileSchema),
  };
}

type SiteContent = ReturnType<typeof readSiteContent>;
let loaded: SiteContent | undefined;

/**
 * Reads and checks every content file once, at start (server/app.ts then loads
 * the Competition Guide's, which depends on this module, not the other way).
 * Throws a ContentError naming the first broken file and its line.
 */
export async function loadSiteContent(dir: string = contentDir): Promise<void> {
  loaded = readSiteContent(dir);
}

// Tests and scripts that never call loadSiteContent read the files on first use.
const site = () => (loaded ??= readSiteContent(contentDir));

export const schoolsContent = () => site().schools;
export const teamContent = () => site().team;
export const nationalsContent = () => site().nationals;
export const testimonialsContent = () => site().testimonials;
export const missionContent = () => site().mission;
export const dressCodeContent = () => site().dressCode;

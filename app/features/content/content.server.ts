import { parse } from "yaml";
import type { z } from "zod";
import dressCodeSource from "../../../content/dress-code.yaml?raw";
import missionSource from "../../../content/mission.yaml?raw";
import nationalsSource from "../../../content/nationals.yaml?raw";
import schoolsSource from "../../../content/schools.yaml?raw";
import teamSource from "../../../content/team.yaml?raw";
import testimonialsSource from "../../../content/testimonials.yaml?raw";
import {
  dressCodeFileSchema,
  missionFileSchema,
  nationalsFileSchema,
  schoolsFileSchema,
  teamFileSchema,
  testimonialsFileSchema,
} from "./schemas";

/**
 * The district's content files, bundled into the server build and checked
 * against their schemas on first use. A bad file fails its test (and the
 * page) with the file and field named.
 */
export function parseContent<T extends z.ZodType>(file: string, source: string, schema: T): z.infer<T> {
  const result = schema.safeParse(parse(source));
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`content/${file} is not valid:\n  ${issues.join("\n  ")}`);
  }
  return result.data;
}

function once<T>(read: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= read());
}

export const schoolsContent = once(() => parseContent("schools.yaml", schoolsSource, schoolsFileSchema).schools);
export const teamContent = once(() => parseContent("team.yaml", teamSource, teamFileSchema));
export const nationalsContent = once(() => parseContent("nationals.yaml", nationalsSource, nationalsFileSchema));
export const testimonialsContent = once(
  () => parseContent("testimonials.yaml", testimonialsSource, testimonialsFileSchema).testimonials,
);
export const missionContent = once(() => parseContent("mission.yaml", missionSource, missionFileSchema));
export const dressCodeContent = once(() => parseContent("dress-code.yaml", dressCodeSource, dressCodeFileSchema));

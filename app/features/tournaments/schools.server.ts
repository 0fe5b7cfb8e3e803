import { schoolsContent } from "~/features/content/content.server";
import { type MemberSchool, schoolCodes } from "./schools";

/** The district's member schools (content/schools.yaml) with their roster codes, in the content's order. */
export function memberSchools(): MemberSchool[] {
  return schoolCodes(schoolsContent().map((school) => school.name));
}

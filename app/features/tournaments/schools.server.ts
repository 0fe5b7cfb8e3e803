import { schoolsContent } from "~/features/content/content.server";
import { foldToAscii } from "~/features/tabroom/fold";
import { type MemberSchool, schoolCodes } from "./schools";

/**
 * The district's member schools (content/schools.yaml) with their roster codes, in the content's order, and their
 * names and states in Tabroom (the content's Tabroom fields, or the shown name folded to ASCII and the shown state).
 */
export function memberSchools(): MemberSchool[] {
  const content = schoolsContent();
  return schoolCodes(content.map((school) => school.name)).map((member, index) => {
    const school = content[index]!;
    const folded = foldToAscii(school.name);
    return {
      ...member,
      tabroomName: school.tabroomName ?? (folded.ok ? folded.value : school.name),
      tabroomState: school.tabroomState ?? school.state,
    };
  });
}

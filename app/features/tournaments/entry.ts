import type { RegistrationData } from "~/db/registration-data";
import { partnerRule } from "./competition-events";
import { type MemberSchool, OTHER_SCHOOL } from "./schools";

/**
 * A checked tournament entry as the cart keeps it (decision 0040): a member school's code becomes its name (and
 * the code is kept for the roster), Other keeps the typed name and no code; a team event keeps its partner, with the
 * student's school when the partner's was left empty; any other event drops the partner fields.
 */
export function entrySchoolsAndPartner(value: RegistrationData, schools: readonly MemberSchool[]): RegistrationData {
  const { schoolCode, partnerFirst, partnerLast, partnerSchool, partnerSchoolCode, ...rest } = value;
  const entry: RegistrationData = { ...rest };
  const member = schools.find((school) => school.code === schoolCode && schoolCode !== OTHER_SCHOOL);
  if (member) {
    entry.studentSchool = member.name;
    entry.schoolCode = member.code;
  }
  if (partnerRule(value.competitionEvent) && partnerFirst && partnerLast) {
    entry.partnerFirst = partnerFirst;
    entry.partnerLast = partnerLast;
    const partnerMember = schools.find((school) => school.code === partnerSchoolCode);
    if (partnerMember) {
      entry.partnerSchool = partnerMember.name;
      entry.partnerSchoolCode = partnerMember.code;
    } else if (partnerSchool) {
      entry.partnerSchool = partnerSchool;
    } else {
      entry.partnerSchool = entry.studentSchool;
      if (entry.schoolCode) entry.partnerSchoolCode = entry.schoolCode;
    }
  }
  return entry;
}

/** A name split for the roster: the last word is the last name, the rest the first ("Mary Ann Lee" -> Mary Ann, Lee). */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? "", last: "" };
  return { first: words.slice(0, -1).join(" "), last: words.at(-1)! };
}

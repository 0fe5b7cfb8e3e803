import type { RegistrationData } from "~/db/registration-data";
import { partnerRule } from "./competition-events";
import { type MemberSchool, OTHER_SCHOOL } from "./schools";

/**
 * A checked tournament entry as the cart keeps it (decision 0040): a member school's code becomes its name (and
 * the code is kept for the roster), Other keeps the typed name and no code; a team event keeps its partner, with the
 * student's school when the partner's was left empty; any other event drops the partner fields.
 */
export function entrySchoolsAndPartner(value: RegistrationData, schools: readonly MemberSchool[]): RegistrationData {
  const {
    schoolCode,
    partnerFirst,
    partnerLast,
    partnerSchool,
    partnerSchoolCode,
    partnerNovice,
    partnerEmail,
    ...rest
  } = value;
  const entry: RegistrationData = { ...rest };
  // Decision 0046: the name in its parts, and joined for everything that shows one name.
  if (value.studentFirst && value.studentLast) entry.studentName = `${value.studentFirst} ${value.studentLast}`;
  const member = schools.find((school) => school.code === schoolCode && schoolCode !== OTHER_SCHOOL);
  if (member) {
    entry.studentSchool = member.name;
    entry.schoolCode = member.code;
  }
  if (partnerRule(value.competitionEvent) && partnerFirst && partnerLast) {
    entry.partnerFirst = partnerFirst;
    entry.partnerLast = partnerLast;
    if (partnerNovice !== undefined) entry.partnerNovice = partnerNovice;
    if (partnerEmail) entry.partnerEmail = partnerEmail;
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

/**
 * Keeps what the tournament asks besides the names (decision 0046): the novice marks and the students' emails only
 * when it asks them (whatever the form sent); an empty email is not kept.
 */
export function keepAsked(entry: RegistrationData, asks: { novice: boolean; studentEmail: boolean }): RegistrationData {
  const { studentNovice, partnerNovice, studentEmail, partnerEmail, ...rest } = entry;
  const kept: RegistrationData = { ...rest };
  if (asks.novice) {
    kept.studentNovice = studentNovice === true;
    if (rest.partnerFirst) kept.partnerNovice = partnerNovice === true;
  }
  if (asks.studentEmail) {
    if (studentEmail) kept.studentEmail = studentEmail;
    if (rest.partnerFirst && partnerEmail) kept.partnerEmail = partnerEmail;
  }
  return kept;
}

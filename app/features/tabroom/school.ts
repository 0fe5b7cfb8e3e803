import { foldToAscii } from "./fold";

/**
 * A member school as the district's content knows it (tournaments' MemberSchool): its roster code, its shown name,
 * and its name and state in the district's Tabroom when staff set them.
 */
export type KnownSchool = { code: string; name: string; tabroomName?: string; tabroomState?: string };

/** A typed school's name as compared (for merging, and to find the member school it names): case, spacing and punctuation ignored. */
export function schoolMatchKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The member school an entry or a judge stands for: by its roster code, else by its name as compared (a school typed
 * under Other with a member's name is that member, as the pool counts it). Undefined: a school of its own.
 */
export function memberOf<School extends KnownSchool>(
  schools: readonly School[],
  name: string,
  code: string | null | undefined,
): School | undefined {
  const byCode = code ? schools.find((school) => school.code === code) : undefined;
  if (byCode) return byCode;
  const key = schoolMatchKey(name);
  return key ? schools.find((school) => schoolMatchKey(school.name) === key) : undefined;
}

/** How one school is written in every file handed to Tabroom: School Name, its code, its state. */
export type TabroomSchool = { name: string; code: string; state: string };

/**
 * What a member school is called in Tabroom (decision 0049): its Tabroom name when staff set one, else its shown name
 * folded to ASCII; its roster code; its Tabroom state. The one place this is decided: the entry files, the judge
 * files and the pool page all write a member school so, because Tabroom matches a school by its exact name (then, in
 * the judge importer, by its code) and creates a new school for a name it does not know.
 */
export function memberTabroomSchool(member: KnownSchool): TabroomSchool {
  const folded = foldToAscii(member.name.trim());
  return {
    name: member.tabroomName ?? (folded.ok ? folded.value : member.name.trim()),
    code: member.code,
    state: member.tabroomState ?? "",
  };
}

/**
 * A school typed under Other as written for Tabroom: its name folded to ASCII, no code (Tabroom gives its own), no
 * state. Null when the name has a character with no plain-letter form.
 */
export function typedTabroomSchool(typed: string): TabroomSchool | null {
  const folded = foldToAscii(typed.trim());
  return folded.ok ? { name: folded.value, code: "", state: "" } : null;
}

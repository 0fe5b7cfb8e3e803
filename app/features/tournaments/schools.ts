/**
 * A member school as the registration form offers it: its roster code and name; and, for Tabroom's file, its name and
 * state as the district's Tabroom knows them (decision 0046; memberSchools fills them from the content, defaulting
 * to the shown name folded to ASCII and the shown state).
 */
export type MemberSchool = { code: string; name: string; tabroomName?: string; tabroomState?: string };

/** The school picker's value for a school typed by hand. */
export const OTHER_SCHOOL = "other";

const SMALL_WORDS = new Set(["of", "the", "and", "for", "at", "de"]);

/**
 * Roster codes for the member schools (decision 0040): the initials of a school's name (small words left out,
 * "Shaarei Da'at Yeshiva High School" -> "SDYHS"), with 2, 3... added to a code another school took first.
 * Stable while the schools content keeps its order and names.
 */
export function schoolCodes(names: readonly string[]): MemberSchool[] {
  const used = new Set<string>();
  return names.map((name) => {
    const initials =
      name
        .split(/[^A-Za-z0-9']+/)
        .filter((word) => word && !SMALL_WORDS.has(word.toLowerCase()))
        .map((word) => word[0]!.toUpperCase())
        .join("") || "SCH";
    let code = initials;
    for (let n = 2; used.has(code); n++) code = `${initials}${n}`;
    used.add(code);
    return { code, name };
  });
}

// A typed school's name as compared for merging: one rule with the Tabroom files' (decision 0049).
export { schoolMatchKey } from "~/features/tabroom/school";

import { tabroomCsv } from "~/features/tabroom/csv";
import { foldToAscii, isTabroomAscii } from "~/features/tabroom/fold";
import { type KnownSchool, memberOf, memberTabroomSchool } from "~/features/tabroom/school";
import { CATEGORY_LABELS, JUDGE_CATEGORIES, type JudgeCategory } from "./categories";

/**
 * The header of Tabroom's judge import template (web/register/data/import_csv_template.mhtml, speechanddebate/tabroom),
 * exactly as Tabroom writes it: every name quoted. Its importer skips the line whose first field is "School Name".
 */
export const TABROOM_JUDGE_HEADER =
  '"School Name","School Code","First Name","Middle Name","Last Name","Tab Rating (1-100)","Rounds Obligated","Email","Phone","Notes","Judge Pools"';

/** A confirmed judge as the file needs them. */
export type FileJudge = {
  firstName: string;
  lastName: string;
  school: string;
  schoolCode: string | null;
  email: string;
  phone: string | null;
  note: string | null;
  categories: readonly JudgeCategory[];
  /** The one category whose file lists the judge (decision 0049). */
  fileCategory: JudgeCategory;
};

/** Tabroom's judge pool names for a judge's categories: "Debate,Speech" (its importer splits the field on commas). */
export function judgePools(categories: readonly JudgeCategory[]): string {
  return JUDGE_CATEGORIES.filter((category) => categories.includes(category))
    .map((category) => CATEGORY_LABELS[category])
    .join(",");
}

/** Notes: the other categories the judge can judge (Tabroom knows only the file's), then the note. */
function judgeNotes(judge: FileJudge): string {
  const others = JUDGE_CATEGORIES.filter(
    (category) => category !== judge.fileCategory && judge.categories.includes(category),
  ).map((category) => CATEGORY_LABELS[category]);
  return [others.length > 0 ? `Can also judge ${others.join(" and ")}` : "", judge.note ?? ""]
    .filter(Boolean)
    .join("; ");
}

/** The School Name and School Code a judge is written with: as the entry files write the school (decision 0049). */
function fileSchool(judge: FileJudge, schools: readonly KnownSchool[]): [string, string] {
  const member = judge.school || judge.schoolCode ? memberOf(schools, judge.school, judge.schoolCode) : undefined;
  if (member) {
    const written = memberTabroomSchool(member);
    return [written.name, written.code];
  }
  return [judge.school, ""];
}

/**
 * The file's rows for one judge category (decisions 0045 and 0049), by column position as Tabroom's importer reads
 * them: School Name, School Code, First Name, Middle Name, Last Name, Tab Rating, Rounds Obligated, Email, Phone,
 * Notes, Judge Pools. Only the judges whose file is `category` (Tabroom creates a judge per line of each upload, so
 * a judge is in one file only, the others they can judge in Notes); a member school written as in the entry files
 * (app/features/tabroom/school.ts), a typed one as typed, a judge of no school with both school columns empty
 * (Tabroom: hired or neutral). Phone as digits (Tabroom keeps only those). By school, then last name.
 */
export function judgeFileRows(
  judges: readonly FileJudge[],
  category: JudgeCategory,
  roundsObligated: number,
  schools: readonly KnownSchool[],
): string[][] {
  return judges
    .filter((judge) => judge.fileCategory === category)
    .map((judge) => ({ judge, school: fileSchool(judge, schools) }))
    .toSorted(
      (a, b) =>
        a.school[0].localeCompare(b.school[0], "en-US") ||
        a.judge.lastName.localeCompare(b.judge.lastName, "en-US") ||
        a.judge.firstName.localeCompare(b.judge.firstName, "en-US"),
    )
    .map(({ judge, school }) => [
      school[0],
      school[0] ? school[1] : "",
      judge.firstName,
      "",
      judge.lastName,
      "",
      String(roundsObligated),
      judge.email,
      (judge.phone ?? "").replace(/\D/g, ""),
      judgeNotes(judge),
      judgePools(judge.categories),
    ]);
}

/**
 * A cell as Tabroom can read it: folded to ASCII (app/features/tabroom), anything with no ASCII form dropped (the form
 * refuses such names, so only older rows could hold one), no double quote at either end (Tabroom strips it), and no
 * formula.
 */
function fileCell(value: string): string {
  const folded = foldToAscii(value);
  const ascii = folded.ok ? folded.value : [...value].filter((character) => isTabroomAscii(character)).join("");
  const cell = ascii.replace(/^"+|"+$/g, "").trim();
  // A spreadsheet would run a cell starting so as a formula; Tabroom's judge importer strips one leading apostrophe,
  // so it reads the text as typed. (The form refuses such names; this guards older rows and folded characters.)
  return /^[=+\-@]/.test(cell) ? `'${cell}` : cell;
}

/** The whole file: the template's header, then one line per judge (no byte-order mark, CRLF, ASCII). */
export function judgeFileCsv(rows: readonly string[][]): string {
  return tabroomCsv(
    TABROOM_JUDGE_HEADER,
    rows.map((row) => row.map(fileCell)),
  );
}

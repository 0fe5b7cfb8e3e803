import { tabroomCsv } from "~/features/tabroom/csv";
import { foldToAscii, isTabroomAscii } from "~/features/tabroom/fold";
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
};

/** Tabroom's judge pool names for a judge's categories: "Debate,Speech" (its importer splits the field on commas). */
export function judgePools(categories: readonly JudgeCategory[]): string {
  return JUDGE_CATEGORIES.filter((category) => categories.includes(category))
    .map((category) => CATEGORY_LABELS[category])
    .join(",");
}

/**
 * The file's rows for one judge category (decision 0045), by column position as Tabroom's importer reads them:
 * School Name, School Code, First Name, Middle Name, Last Name, Tab Rating, Rounds Obligated, Email, Phone, Notes,
 * Judge Pools. Only the judges who can judge `category`; a judge of no school has both school columns empty, which
 * Tabroom reads as hired or neutral judging. Phone as digits (Tabroom keeps only those). By school, then last name.
 */
export function judgeFileRows(
  judges: readonly FileJudge[],
  category: JudgeCategory,
  roundsObligated: number,
): string[][] {
  return judges
    .filter((judge) => judge.categories.includes(category))
    .toSorted(
      (a, b) =>
        a.school.localeCompare(b.school, "en-US") ||
        a.lastName.localeCompare(b.lastName, "en-US") ||
        a.firstName.localeCompare(b.firstName, "en-US"),
    )
    .map((judge) => [
      judge.school,
      judge.school ? (judge.schoolCode ?? "") : "",
      judge.firstName,
      "",
      judge.lastName,
      "",
      String(roundsObligated),
      judge.email,
      (judge.phone ?? "").replace(/\D/g, ""),
      judge.note ?? "",
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

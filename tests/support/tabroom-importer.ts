/**
 * A replay of how Tabroom's importers read a CSV file (speechanddebate/tabroom, web/register/data/
 * import_csv_entries.mhtml; the judges' importer reads lines the same way), for tests of what the site downloads.
 * Nothing here is Tabroom's code: its rules, read from its source, in TypeScript.
 *
 * - The upload is read line by line as Perl does (`foreach my $line (<$io>)`: split after each "\n", bytes as they
 *   are), and each line is parsed alone by `Text::CSV->new({ sep_char => ',' })`: quote and escape `"`, no
 *   whitespace allowed around quotes, binary off. So a byte below 0x20 (tab aside) or of 0x7F or more, a line break
 *   inside quotes (the line is cut there) or a stray quote fails the line, and a failed line is skipped silently.
 * - A line's end ("\n" or "\r\n") ends its record.
 */

/** One line of the file: its number (from 1), its bytes, and its fields, or null when Text::CSV refused it. */
export type TabroomLine = { number: number; text: string; fields: string[] | null };

const QUOTE = 0x22;
const COMMA = 0x2c;
const binary = (byte: number) => (byte < 0x20 && byte !== 0x09) || byte >= 0x7f;

function toBytes(file: Uint8Array | string): Uint8Array {
  return typeof file === "string" ? new TextEncoder().encode(file) : file;
}

/** Text::CSV's parse of one line with binary off: the fields, or null when it fails. */
export function parseTabroomLine(line: Uint8Array): string[] | null {
  let end = line.length;
  if (end > 0 && line[end - 1] === 0x0a) {
    end--;
    if (end > 0 && line[end - 1] === 0x0d) end--;
  }
  const fields: string[] = [];
  let index = 0;
  for (;;) {
    let value = "";
    if (index < end && line[index] === QUOTE) {
      index++;
      for (;;) {
        if (index >= end) return null; // unterminated: a line break inside quotes
        const byte = line[index]!;
        if (byte === QUOTE) {
          if (line[index + 1] === QUOTE && index + 1 < end) {
            value += '"';
            index += 2;
            continue;
          }
          index++;
          break;
        }
        if (binary(byte)) return null;
        value += String.fromCharCode(byte);
        index++;
      }
      fields.push(value);
      if (index === end) return fields;
      if (line[index] !== COMMA) return null; // anything but a separator after a closing quote
      index++;
      if (index === end) return [...fields, ""];
    } else {
      while (index < end && line[index] !== COMMA) {
        const byte = line[index]!;
        if (byte === QUOTE || binary(byte)) return null;
        value += String.fromCharCode(byte);
        index++;
      }
      fields.push(value);
      if (index === end) return fields;
      index++;
      if (index === end) return [...fields, ""];
    }
  }
}

/** A file's lines as Tabroom's importers see them, each parsed alone. */
export function tabroomLines(file: Uint8Array | string): TabroomLine[] {
  const bytes = toBytes(file);
  const lines: TabroomLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    let stop = bytes.indexOf(0x0a, start);
    stop = stop === -1 ? bytes.length : stop + 1;
    const line = bytes.subarray(start, stop);
    lines.push({
      number: lines.length + 1,
      text: new TextDecoder().decode(line),
      fields: parseTabroomLine(line),
    });
    start = stop;
  }
  return lines;
}

/** Perl's truth: an empty string and "0" are false. */
const perlTrue = (value: string | undefined) => value !== undefined && value !== "" && value !== "0";

/** Each field has one double quote at its start and at its end stripped after parsing (`s/^"//; s/"$//g`). */
const stripQuotes = (value: string) => value.replace(/^"/, "").replace(/"$/, "");

export type ImportedStudent = { first: string; middle: string; last: string; novice: boolean; email: string };

/** An entry as Tabroom's entries importer creates it: never dropped, never wait-listed. */
export type ImportedEntry = {
  line: number;
  school: string;
  state: string;
  code: string;
  pairingSeed: string;
  students: ImportedStudent[];
};

export type SkippedLine = {
  line: number;
  text: string;
  reason: "not parsed" | "school name rule" | "empty school name" | "header" | "no name";
};

/**
 * A line whose insert the database refuses (MySQL's strict mode, which Tabroom runs): the importer dies there, the
 * lines before it already saved, the rest never read, so a retry of the whole file duplicates the saved ones.
 */
export type RefusedLine = { line: number; text: string; reason: string };

/** An integer column's check under strict mode: an empty cell is the column's default, anything else an integer. */
const integerCell = (value: string) => /^-?\d+$/.test(value.trim());

/**
 * import_csv_entries.mhtml's rules, in its order, on a whole file: a line Text::CSV refuses is skipped; so is one
 * whose first cell has more than four characters other than ASCII letters, digits and spaces, one whose first cell
 * is empty (or "0"), and the header (first cell exactly "School Name"). Then columns by position: School Name,
 * State/Prov, Entry Code, Pairing Seed, and five per student (First, Middle, Last, Novice, Email) for up to five
 * students; a student counts when their first name is there, their last name becomes the first when empty, and
 * Novice is stored as an integer: empty or anything but "Y"/"y" is 0, and "Y" or "y" goes in as the letter, which
 * the tinyint column refuses (the import stops there, a RefusedLine). Schools are matched by name
 * (tabroomTournament below).
 */
export function importTabroomEntries(file: Uint8Array | string): {
  entries: ImportedEntry[];
  skipped: SkippedLine[];
  refused: RefusedLine[];
} {
  const entries: ImportedEntry[] = [];
  const skipped: SkippedLine[] = [];
  const refused: RefusedLine[] = [];
  for (const { number, text, fields } of tabroomLines(file)) {
    if (!fields) {
      skipped.push({ line: number, text, reason: "not parsed" });
      continue;
    }
    const [schoolName = "", state = "", code = "", pairingSeed = "", ...names] = fields;
    if (schoolName.length - schoolName.replace(/[^a-zA-Z0-9 ]/g, "").length > 4) {
      skipped.push({ line: number, text, reason: "school name rule" });
      continue;
    }
    if (!perlTrue(schoolName)) {
      skipped.push({ line: number, text, reason: "empty school name" });
      continue;
    }
    if (schoolName === "School Name") {
      skipped.push({ line: number, text, reason: "header" });
      continue;
    }
    const [school, entryState, entryCode, seed, ...rest] = [schoolName, state, code, pairingSeed, ...names].map(
      stripQuotes,
    );
    const students: ImportedStudent[] = [];
    let refusal: string | null = null;
    for (let n = 0; n < 5; n++) {
      const [first, middle = "", last = "", novice = "", email = ""] = rest.slice(n * 5, n * 5 + 5);
      if (!perlTrue(first)) continue;
      // `novice => 0 unless eq "Y" || eq "y"`: the letter itself goes into student.novice, a tinyint.
      if (novice === "Y" || novice === "y") refusal = `student.novice (tinyint) cannot store "${novice}"`;
      students.push({ first: first!, middle, last: perlTrue(last) ? last : first!, novice: false, email });
    }
    if (refusal) {
      refused.push({ line: number, text, reason: refusal });
      break;
    }
    entries.push({
      line: number,
      school: school!,
      state: entryState!,
      code: entryCode!,
      pairingSeed: seed!,
      students,
    });
  }
  return { entries, skipped, refused };
}

/** A judge as Tabroom's judge importer creates them (web/register/data/import_csv_judges.mhtml). */
export type ImportedJudge = {
  line: number;
  /** "Hired" when the row names neither a school nor a code. */
  school: string;
  schoolCode: string;
  first: string;
  middle: string;
  last: string;
  tabRating: string;
  obligation: string;
  email: string;
  phone: string;
  notes: string;
  pools: string[];
};

/** The judge importer strips one double quote and one apostrophe at each end of every field after parsing. */
const stripJudgeField = (value: string | undefined) =>
  (value ?? "").replace(/^"/, "").replace(/"$/, "").replace(/^'/, "").replace(/'$/, "");

/**
 * import_csv_judges.mhtml's rules, in its order, on a whole file, for the judge category chosen at upload: a line
 * Text::CSV refuses is skipped; then columns by position (School Name, School Code, First Name, Middle Name, Last
 * Name, Tab Rating, Rounds Obligated, Email, Phone, Notes, Judge Pools); the phone keeps its digits, less a leading
 * 1; the header is skipped by its School Name; a row with neither school name nor code is hired judging; a row
 * without a first and a last name is skipped; an empty Rounds Obligated becomes 9; Judge Pools is split on commas
 * (each a pool of the category, by name). Its case fixes (an all-lower or all-upper name capitalised) are left out.
 */
export function importTabroomJudges(file: Uint8Array | string): {
  judges: ImportedJudge[];
  skipped: SkippedLine[];
  refused: RefusedLine[];
} {
  const judges: ImportedJudge[] = [];
  const skipped: SkippedLine[] = [];
  const refused: RefusedLine[] = [];
  for (const { number, text, fields } of tabroomLines(file)) {
    if (!fields) {
      skipped.push({ line: number, text, reason: "not parsed" });
      continue;
    }
    const [school, schoolCode, first, middle, last, tabRating, obligation, email, phone, notes, pools] = Array.from(
      { length: 11 },
      (_, index) => stripJudgeField(fields[index]),
    ) as [string, string, string, string, string, string, string, string, string, string, string];
    if (school === "School Name") {
      skipped.push({ line: number, text, reason: "header" });
      continue;
    }
    if (!perlTrue(first) || !perlTrue(last)) {
      skipped.push({ line: number, text, reason: "no name" });
      continue;
    }
    if (perlTrue(obligation) && !integerCell(obligation)) {
      refused.push({ line: number, text, reason: `judge.obligation (smallint) cannot store "${obligation}"` });
      break;
    }
    judges.push({
      line: number,
      school: perlTrue(school) || perlTrue(schoolCode) ? school : "Hired",
      schoolCode,
      first,
      middle,
      last,
      tabRating,
      obligation: perlTrue(obligation) ? obligation : "9",
      email,
      phone: phone.replace(/\D/g, "").replace(/^1/, ""),
      notes,
      pools: perlTrue(pools) ? pools.split(",") : [],
    });
  }
  return { judges, skipped, refused };
}

/** A school of the replayed tournament: its name, and its code (null when the entries importer created it). */
export type ReplayedSchool = { id: number; name: string; code: string | null; createdBy: "entries" | "judges" };

/** A judge of the replayed tournament, with the school it counts for (0: hired) and the category it was uploaded in. */
export type ReplayedJudge = ImportedJudge & { schoolId: number; category: string };

/**
 * One Tabroom tournament that files are uploaded into, in turn, as staff do: the entry files, then each category's
 * judge file. It models how the importers find a school (import_csv_entries.mhtml: `Tab::School->search(name)`, else
 * it creates one, with no code; import_csv_judges.mhtml: by name, then `search(code)`, else it creates one with a
 * code of its own), MySQL's comparison of names (its default collation ignores case and trailing spaces), and that
 * each judge line creates a judge, whatever the files before held. A refused line stops that file's upload.
 */
export function tabroomTournament() {
  const schools: ReplayedSchool[] = [];
  const entries: Array<ImportedEntry & { schoolId: number; event: string }> = [];
  const judges: ReplayedJudge[] = [];
  const refused: Array<RefusedLine & { file: string }> = [];
  const same = (a: string, b: string) => a.replace(/ +$/, "").toLowerCase() === b.replace(/ +$/, "").toLowerCase();
  const create = (name: string, code: string | null, createdBy: ReplayedSchool["createdBy"]) => {
    const school = { id: schools.length + 1, name, code, createdBy };
    schools.push(school);
    return school;
  };
  return {
    schools,
    entries,
    judges,
    refused,
    /** Uploads one event's entry file. */
    uploadEntries(event: string, file: Uint8Array | string) {
      const read = importTabroomEntries(file);
      for (const entry of read.entries) {
        const school = schools.find((one) => same(one.name, entry.school)) ?? create(entry.school, null, "entries");
        entries.push({ ...entry, schoolId: school.id, event });
      }
      refused.push(...read.refused.map((line) => ({ ...line, file: event })));
      return read;
    },
    /** Uploads one judge category's file. */
    uploadJudges(category: string, file: Uint8Array | string) {
      const read = importTabroomJudges(file);
      for (const judge of read.judges) {
        let schoolId = 0;
        if (judge.school !== "Hired") {
          const school =
            schools.find((one) => same(one.name, judge.school)) ??
            schools.find((one) => one.code !== null && one.code === judge.schoolCode) ??
            create(judge.school, `T${schools.length + 1}`, "judges");
          schoolId = school.id;
        }
        judges.push({ ...judge, schoolId, category });
      }
      refused.push(...read.refused.map((line) => ({ ...line, file: category })));
      return read;
    },
    /** People (by email, any case) Tabroom holds as more than one judge. */
    judgesCountedTwice() {
      const seen = new Map<string, number>();
      for (const judge of judges) seen.set(judge.email.toLowerCase(), (seen.get(judge.email.toLowerCase()) ?? 0) + 1);
      return [...seen].filter(([, count]) => count > 1).map(([email]) => email);
    },
  };
}

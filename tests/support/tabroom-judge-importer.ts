/**
 * A replay of Tabroom's judge importer (web/register/data/import_csv_judges.mhtml, speechanddebate/tabroom) on a
 * file's bytes, as far as what it reads: the file line by line; each line parsed by Text::CSV (sep ",", quote '"',
 * not binary: a line with a byte outside printable ASCII fails to parse and is skipped); the fields by position;
 * one leading and any trailing quote and apostrophe stripped; the line whose School Name reads "School Name"
 * skipped; a row with neither school name nor code is "Hired"; a row without a first and a last name skipped; an
 * empty Rounds Obligated becomes 9; the phone keeps its digits without a leading 1; Judge Pools split on commas.
 */
export type ImportedJudge = {
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

/** Text::CSV's parse of one line (not binary), or null where it fails. */
function parseLine(line: string): string[] | null {
  const text = line.replace(/\r?\n$/, "");
  // oxlint-disable-next-line no-control-regex -- the bytes Text::CSV refuses without binary are the point
  if (/[^\x20-\x7e\t]/.test(text)) return null;
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (text[at] === '"') {
      let value = "";
      at++;
      for (;;) {
        if (at >= text.length) return null;
        if (text[at] === '"') {
          if (text[at + 1] === '"') {
            value += '"';
            at += 2;
            continue;
          }
          at++;
          break;
        }
        value += text[at++];
      }
      fields.push(value);
      if (at === text.length) return fields;
      if (text[at] !== ",") return null;
      at++;
    } else {
      const comma = text.indexOf(",", at);
      const value = comma === -1 ? text.slice(at) : text.slice(at, comma);
      if (value.includes('"')) return null;
      fields.push(value);
      if (comma === -1) return fields;
      at = comma + 1;
    }
  }
}

const strip = (value: string | undefined) =>
  (value ?? "").replace(/^"/, "").replace(/"+$/, "").replace(/^'/, "").replace(/'+$/, "");

/** The judges Tabroom would create from `file`. */
export function importTabroomJudges(file: string): ImportedJudge[] {
  const judges: ImportedJudge[] = [];
  // Perl's <$io> splits after each "\n".
  for (const line of file.split(/(?<=\n)/)) {
    const fields = parseLine(line);
    if (!fields) continue;
    const [school, schoolCode, first, middle, last, tabRating, obligation, email, phone, notes, pools] = Array.from(
      { length: 11 },
      (_, index) => strip(fields[index]),
    );
    if (school === "School Name") continue;
    const named = school || schoolCode ? school! : "Hired";
    if (!first || !last) continue;
    judges.push({
      school: named,
      schoolCode: schoolCode!,
      first,
      middle: middle!,
      last,
      tabRating: tabRating!,
      obligation: obligation || "9",
      email: email!,
      phone: phone!.replace(/\D/g, "").replace(/^1/, ""),
      notes: notes!,
      pools: pools ? pools.split(",") : [],
    });
  }
  return judges;
}

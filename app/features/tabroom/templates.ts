/**
 * The header of Tabroom's entries template for an event of `speakers` students (1 to 5), as its template writes it
 * (web/register/data/import_csv_template.mhtml: three speakers, its spacing kept; the importer reads up to five).
 * The importer reads columns by position and skips the header because its first cell is exactly "School Name".
 */
export function entriesTemplateHeader(speakers: number): string {
  if (!Number.isInteger(speakers) || speakers < 1 || speakers > 5)
    throw new RangeError(`Tabroom's entries template has 1 to 5 speakers, not ${speakers}.`);
  const students = Array.from({ length: speakers }, (_, index) => {
    const n = index + 1;
    return `${n === 1 ? " " : ""}Speaker ${n} First,Speaker ${n} Middle,Speaker ${n} Last,Speaker ${n} Novice (Y/N),Speaker ${n} Email`;
  });
  return ["School Name, State/Prov, Entry Code,Pairing Seed (1-100)", ...students].join(",");
}

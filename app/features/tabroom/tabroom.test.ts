import { describe, expect, it } from "vitest";
import {
  importTabroomEntries,
  importTabroomJudges,
  parseTabroomLine,
  tabroomLines,
  tabroomTournament,
} from "#tests/support/tabroom-importer";
import { tabroomCsv, TabroomCsvError, tabroomCsvLine } from "./csv";
import { foldToAscii } from "./fold";
import { entriesTemplateHeader } from "./templates";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("folding a name to ASCII", () => {
  it.each([
    ["José Núñez-Ibáñez", "Jose Nunez-Ibanez"],
    ["Zoë O’Brien", "Zoe O'Brien"],
    ["Søren Łukasz Straße", "Soren Lukasz Strasse"],
    ["Ｍａｒｙ\u00a0Ann", "Mary Ann"],
    ["Ngozi Adébáyọ̀", "Ngozi Adebayo"],
    ["Anne–Marie", "Anne-Marie"],
  ])("%s -> %s", (name, ascii) => {
    expect(foldToAscii(name)).toEqual({ ok: true, value: ascii, folded: true });
  });

  it("keeps ASCII as it is and says it did not fold it", () => {
    expect(foldToAscii("Mary-Kate D'Souza")).toEqual({ ok: true, value: "Mary-Kate D'Souza", folded: false });
  });

  it.each([
    ["李小龍", "李"],
    ["Ana 🙂", "🙂"],
    ["Иван", "И"],
    ["Tab\there", "\t"],
    ["Line\nbreak", "\n"],
  ])("refuses %s, naming %s", (name, character) => {
    expect(foldToAscii(name)).toEqual({ ok: false, character });
  });
});

describe("writing a Tabroom file", () => {
  it("is a header and rows, CRLF after every line, no byte-order mark, quoting only a comma or a quote", () => {
    const file = tabroomCsv(
      ["School Name", " State/Prov"],
      [
        ["Ridge, North", 'Say "hi" here'],
        ["Plain", 7],
        [null, undefined],
      ],
    );
    expect(file).toBe('School Name, State/Prov\r\n"Ridge, North","Say ""hi"" here"\r\nPlain,7\r\n,\r\n');
  });

  it("writes a template's header line verbatim", () => {
    expect(tabroomCsv('"School Name","School Code"', [["A", "B"]])).toBe('"School Name","School Code"\r\nA,B\r\n');
  });

  it("refuses a cell that is not printable ASCII or that Tabroom would strip a quote from", () => {
    expect(() => tabroomCsvLine(["José"])).toThrow(TabroomCsvError);
    expect(() => tabroomCsvLine(["a\nb"])).toThrow(TabroomCsvError);
    expect(() => tabroomCsvLine(['"Bobby"'])).toThrow(TabroomCsvError);
    expect(() => tabroomCsv("Schoöl", [])).toThrow(TabroomCsvError);
  });

  it("is read back cell for cell by the replay of Text::CSV with binary off", () => {
    const rows = [
      ["Ridge, North", "NY", "101", "", "Mary Ann", "", "O'Neil-Smith", "Y", "m@example.org"],
      ['He said "go" now', "NJ", "102", "", "Li", "", "Wei", "N", ""],
    ];
    const lines = tabroomLines(tabroomCsv(["School Name", "x"], rows));
    expect(lines.map((line) => line.fields)).toEqual([["School Name", "x"], ...rows]);
  });
});

describe("the entries template's header", () => {
  it("is the template's line for three speakers, exactly", () => {
    expect(entriesTemplateHeader(3)).toBe(
      "School Name, State/Prov, Entry Code,Pairing Seed (1-100), Speaker 1 First,Speaker 1 Middle,Speaker 1 Last,Speaker 1 Novice (Y/N),Speaker 1 Email,Speaker 2 First,Speaker 2 Middle,Speaker 2 Last,Speaker 2 Novice (Y/N),Speaker 2 Email,Speaker 3 First,Speaker 3 Middle,Speaker 3 Last,Speaker 3 Novice (Y/N),Speaker 3 Email",
    );
  });

  it("has as many speakers as the event: one, two, up to five", () => {
    expect(entriesTemplateHeader(1)).toBe(
      "School Name, State/Prov, Entry Code,Pairing Seed (1-100), Speaker 1 First,Speaker 1 Middle,Speaker 1 Last,Speaker 1 Novice (Y/N),Speaker 1 Email",
    );
    expect(entriesTemplateHeader(2).split(",")).toHaveLength(14);
    expect(entriesTemplateHeader(5).split(",")).toHaveLength(29);
    expect(() => entriesTemplateHeader(6)).toThrow(RangeError);
  });
});

describe("the replay of Tabroom's entries importer", () => {
  it("skips the header by its first cell and reads columns by position", () => {
    const file = tabroomCsv(entriesTemplateHeader(2), [
      ["Ridge High School", "NY", "100", "", "Mary Ann", "", "Lee", "N", "", "Bo", "", "Chen", "", ""],
    ]);
    const { entries, skipped } = importTabroomEntries(file);
    expect(skipped).toEqual([expect.objectContaining({ line: 1, reason: "header" })]);
    expect(entries).toEqual([
      {
        line: 2,
        school: "Ridge High School",
        state: "NY",
        code: "100",
        pairingSeed: "",
        students: [
          { first: "Mary Ann", middle: "", last: "Lee", novice: false, email: "" },
          { first: "Bo", middle: "", last: "Chen", novice: false, email: "" },
        ],
      },
    ]);
  });

  it("refuses a Novice Y as its strict SQL mode does: the lines before are saved, the rest never read", () => {
    const file = "Ridge,NY,100,,Ana,,Lee,,\r\nRidge,NY,101,,Bo,,Chen,Y,\r\nRidge,NY,102,,Cy,,Dunn,,\r\n";
    const { entries, refused } = importTabroomEntries(file);
    expect(entries.map((entry) => entry.code)).toEqual(["100"]);
    expect(refused).toEqual([
      expect.objectContaining({ line: 2, reason: 'student.novice (tinyint) cannot store "Y"' }),
    ]);
  });

  it("refuses a judge's Rounds Obligated that is not an integer", () => {
    const { judges, refused } = importTabroomJudges("Ridge,,Ana,,Lee,,6,,,,\r\nRidge,,Bo,,Chen,,six,,,,\r\n");
    expect(judges.map((judge) => judge.first)).toEqual(["Ana"]);
    expect(refused.map((line) => line.line)).toEqual([2]);
  });

  it("matches a judge's school by name (any case), then by code, else creates one; an entry's by name only", () => {
    const tournament = tabroomTournament();
    tournament.uploadEntries("LD", "Ridge High,NY,100,,Ana,,Lee,,\r\nOak Hill,NY,101,,Bo,,Chen,,\r\n");
    tournament.uploadJudges(
      "debate",
      "RIDGE HIGH,RH,Al,,Ames,,6,a@x.org,,,\r\nRidge HS,RH,Di,,Dorn,,6,d@x.org,,,\r\n,,Hal,,Hire,,6,h@x.org,,,\r\n",
    );
    // "Ridge HS" is not the entries' name, and the entries importer gave Ridge High no code: a second school.
    expect(tournament.schools.map((school) => [school.name, school.createdBy])).toEqual([
      ["Ridge High", "entries"],
      ["Oak Hill", "entries"],
      ["Ridge HS", "judges"],
    ]);
    expect(tournament.judges.map((judge) => judge.schoolId)).toEqual([1, 3, 0]);
    tournament.uploadJudges("speech", "Ridge High,RH,Al,,Ames,,6,A@x.org,,,\r\n");
    expect(tournament.judgesCountedTwice()).toEqual(["a@x.org"]);
  });

  it("fails a line with a byte of 128 or more, a byte-order mark or a line break inside quotes", () => {
    expect(parseTabroomLine(bytes("Ridge,NY,100,,José,,Núñez\r\n"))).toBeNull();
    expect(parseTabroomLine(bytes("\uFEFFRidge,NY\r\n"))).toBeNull();
    const split = importTabroomEntries('Ridge,NY,100,,Ana,,Lee\r\n"Oak\nHill",NY,101,,Bo,,Chen\r\n');
    expect(split.entries.map((entry) => entry.code)).toEqual(["100"]);
    expect(split.skipped.map((line) => line.reason)).toEqual(["not parsed", "not parsed"]);
  });

  it("skips an empty school and one with more than four characters other than letters, digits and spaces", () => {
    const { entries, skipped } = importTabroomEntries(
      ",NY,100,,Ana,,Lee\r\nSt. Mary's (N.Y.),NY,101,,Bo,,Chen\r\nSt. Mary's H.S.,NY,102,,Cy,,Dunn\r\n",
    );
    expect(skipped.map((line) => line.reason)).toEqual(["empty school name", "school name rule"]);
    expect(entries.map((entry) => entry.school)).toEqual(["St. Mary's H.S."]);
  });

  it("makes a student's last name their first when it is empty, as Tabroom does (John John)", () => {
    const { entries } = importTabroomEntries("Ridge,NY,100,,John,,\r\n");
    expect(entries[0]!.students).toEqual([{ first: "John", middle: "", last: "John", novice: false, email: "" }]);
  });

  it("fails a stray quote and strips one quote at either end of a parsed field", () => {
    expect(parseTabroomLine(bytes('Ridge,N"Y\r\n'))).toBeNull();
    expect(parseTabroomLine(bytes('"Ridge" ,NY\r\n'))).toBeNull();
    expect(importTabroomEntries('Ridge,NY,100,,"""Bobby""",,Lee\r\n').entries[0]!.students[0]!.first).toBe("Bobby");
  });
});

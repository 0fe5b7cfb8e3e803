import { describe, expect, it } from "vitest";
import { importTabroomJudges } from "#tests/support/tabroom-importer";
import { judgeFileCsv, judgeFileRows, judgePools, TABROOM_JUDGE_HEADER } from "./judge-file";

describe("Tabroom's judge file", () => {
  it("has the template's header, word for word", () => {
    expect(TABROOM_JUDGE_HEADER).toBe(
      '"School Name","School Code","First Name","Middle Name","Last Name","Tab Rating (1-100)","Rounds Obligated","Email","Phone","Notes","Judge Pools"',
    );
  });

  it("lists the judges whose file is the category by column position, school columns empty for no school", () => {
    const judge = {
      firstName: "Dana",
      lastName: "Levi",
      school: "Ohr Academy (shown)",
      schoolCode: "OA",
      email: "dana@example.org",
      phone: "+1 (212) 555-0100",
      note: "parent",
      categories: ["debate", "speech"] as const,
      fileCategory: "debate" as const,
    };
    const schools = [{ code: "OA", name: "Ohr Academy (shown)", tabroomName: "Ohr Academy" }];
    const rows = judgeFileRows(
      [
        judge,
        {
          ...judge,
          firstName: "Sam",
          lastName: "Hired",
          school: "",
          schoolCode: "X",
          categories: ["congress"],
          fileCategory: "congress" as const,
        },
        { ...judge, firstName: "Sue", fileCategory: "speech" as const },
      ],
      "debate",
      6,
      schools,
    );
    // Written as the entry files write the member school; the other category in Notes; Sue is in Speech's file only.
    expect(rows).toEqual([
      [
        "Ohr Academy",
        "OA",
        "Dana",
        "",
        "Levi",
        "",
        "6",
        "dana@example.org",
        "12125550100",
        "Can also judge Speech; parent",
        "Debate,Speech",
      ],
    ]);
    expect(
      judgeFileRows(
        [{ ...judge, school: "", schoolCode: null, categories: ["congress"], fileCategory: "congress" }],
        "congress",
        4,
        schools,
      )[0]!.slice(0, 2),
    ).toEqual(["", ""]);
    expect(judgePools(["congress", "debate"])).toBe("Debate,Congress");
    // A school typed under Other with a member's name is that member, as the pool and the entry files count it.
    expect(
      judgeFileRows([{ ...judge, school: "ohr academy (SHOWN)", schoolCode: null }], "debate", 6, schools)[0]!.slice(
        0,
        2,
      ),
    ).toEqual(["Ohr Academy", "OA"]);
  });

  it("never starts a cell with a formula, and Tabroom still reads the text as typed", () => {
    for (const start of ["=", "+", "-", "@", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
      const text = `${start}HYPERLINK("https://evil.example/")`;
      const file = judgeFileCsv([[text, "", "Dana", "", text, "", "6", "d@example.org", "", text, "Debate"]]);
      const cells = file
        .split("\r\n")[1]!
        .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
        .map((cell) => cell.replace(/^"|"$/g, ""));
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
      const [judge] = importTabroomJudges(file).judges;
      expect(judge!.last).toMatch(/^[=+\-@]HYPERLINK/);
    }
  });
});

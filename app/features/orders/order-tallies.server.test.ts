import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, type NewOrder } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";

// order_tallies is kept by triggers (migration 0005); the dashboards read their
// totals from it. Whatever happens to orders, it must equal a fresh count.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** order_tallies minus a fresh aggregate of orders, and the other way round: both empty when they agree. */
async function drift(): Promise<unknown[]> {
  const result = await database.db.execute(sql`
    with fresh as (
      select status, item_name ilike '%donation%' as donation, tournament_name, tournament_date,
        -- A gift's "memory:..." is not tallied (migration 0009).
        case when item_name ilike '%donation%' then null else event_type end as event_type,
        student_name is not null as has_student,
        case when item_name ilike '%donation%' then to_char(created_at at time zone 'America/New_York', 'YYYY-MM') else '' end as month,
        count(*)::int as order_count, sum(total_amount)::bigint as amount,
        -- Refunded and disputed cents, and orders refunded whole (decision 0025).
        sum(refunded_amount)::bigint as refunded_amount, sum(disputed_amount)::bigint as disputed_amount,
        count(*) filter (where refunded_amount > 0 and refunded_amount = total_amount)::int as refunded_count
      from orders group by 1, 2, 3, 4, 5, 6, 7
    ),
    kept as (
      select status, donation, tournament_name, tournament_date, event_type, has_student, month, order_count, amount,
        refunded_amount, disputed_amount, refunded_count
      from order_tallies where order_count <> 0 or amount <> 0
    )
    (select 'missing' as side, * from fresh except select 'missing', * from kept)
    union all
    (select 'extra', * from kept except select 'extra', * from fresh)`);
  // And the student names with their order counts (migration 0009).
  const names = await database.db.execute(sql`
    with fresh as (select student_name, count(*)::int as order_count from orders where student_name is not null group by 1),
    kept as (select student_name, order_count from order_students where order_count <> 0)
    (select 'missing name' as side, * from fresh except select 'missing name', * from kept)
    union all
    (select 'extra name', * from kept except select 'extra name', * from fresh)`);
  return [...rows(result), ...rows(names)];
}

const entry = (overrides: Partial<NewOrder> = {}): NewOrder => ({
  itemName: "Citron Tournament Entry Fee",
  totalAmount: 2500,
  customerEmail: "family@example.com",
  status: "pending",
  studentName: "Maya Goldberg",
  tournamentName: "Citron Winter Classic",
  tournamentDate: "2026-12-13",
  eventType: "Public Forum",
  ...overrides,
});

describe("order tallies", () => {
  it("follow inserts, updates, deletes and truncation, and so do the student names", async () => {
    const { db } = database;
    await db.insert(orders).values([
      entry(),
      entry({ status: "completed", eventType: "Lincoln-Douglas" }),
      entry({ status: "completed", studentName: null }),
      {
        itemName: "Donation",
        totalAmount: 1800,
        customerEmail: "donor@example.com",
        status: "completed",
        createdAt: new Date("2026-01-31T23:30:00Z"),
      },
      {
        itemName: "Memorial Donation",
        totalAmount: 5000,
        customerEmail: "donor@example.com",
        status: "completed",
        eventType: "memory:Ruth",
      },
    ]);
    expect(await drift()).toEqual([]);
    const counted = rows<{ n: number }>(await db.execute(sql`select sum(order_count)::int as n from order_tallies`));
    expect(counted[0]?.n).toBe(5);

    // A payment completes; another changes amount and group; unrelated columns change.
    await db.execute(sql`update orders set status = 'completed' where status = 'pending'`);
    await db.execute(
      sql`update orders set total_amount = 3000, event_type = 'World Schools' where event_type = 'Lincoln-Douglas'`,
    );
    await db.execute(sql`update orders set item_description = 'note'`);
    await db.execute(sql`update orders set student_name = 'Maya Goldberg-Stern' where event_type = 'World Schools'`);
    expect(await drift()).toEqual([]);

    // Refunds (part and whole) and a dispute, then a refund taken back (decision 0025).
    await db.execute(sql`update orders set refunded_amount = 500 where item_name = 'Donation'`);
    await db.execute(sql`update orders set refunded_amount = total_amount where event_type = 'World Schools'`);
    await db.execute(sql`update orders set disputed_amount = 5000 where item_name = 'Memorial Donation'`);
    expect(await drift()).toEqual([]);
    const refunded = rows<{ r: number; d: number; n: number }>(
      await db.execute(
        sql`select sum(refunded_amount)::int as r, sum(disputed_amount)::int as d, sum(refunded_count)::int as n from order_tallies`,
      ),
    );
    expect(refunded[0]).toEqual({ r: 3500, d: 5000, n: 1 });
    await db.execute(sql`update orders set refunded_amount = 0 where event_type = 'World Schools'`);
    expect(await drift()).toEqual([]);

    await db.execute(sql`delete from orders where item_name = 'Donation'`);
    expect(await drift()).toEqual([]);

    // Cascade: other tables refer to orders (an entry's history, entry_changes), and truncate refuses a referenced table.
    await db.execute(sql`truncate orders cascade`);
    expect(await drift()).toEqual([]);
    expect(rows(await db.execute(sql`select * from order_tallies`))).toEqual([]);
    expect(rows(await db.execute(sql`select * from order_students`))).toEqual([]);
  });

  it("keep one group per month of gifts, however many people they honor", async () => {
    const { db } = database;
    const honoring = (name: string): NewOrder => ({
      itemName: "Memorial Donation",
      totalAmount: 2500,
      customerEmail: "donor@example.com",
      status: "completed",
      eventType: `memory:${name}`,
      createdAt: new Date("2026-11-10T15:00:00Z"),
    });
    await db.insert(orders).values([honoring("Ruth Adler"), honoring("Leon Adler"), honoring("Sarah Katz")]);
    await db.insert(orders).values(honoring("Miriam Stern"));
    expect(await drift()).toEqual([]);
    const groups = rows<{ groups: number; gifts: number }>(
      await db.execute(
        sql`select count(*)::int as groups, sum(order_count)::int as gifts from order_tallies where donation`,
      ),
    );
    expect(groups).toEqual([{ groups: 1, gifts: 4 }]);
  });
});

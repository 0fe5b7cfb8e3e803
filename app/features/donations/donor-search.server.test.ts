import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { listDonations } from "./donations.server";

// The donor search must read donations only, through migration 0007's partial
// trigram index over them: its inner query has to imply that index's predicate
// and not the donations' date index's. Otherwise PostgreSQL reads every order's
// email, or every completed gift through the date index testing its email
// against the pattern, several times slower for a rare term (decision 0011).

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

type PlanRow = { "QUERY PLAN": string };

/** Runs listDonations with its raw SQL (the search) explained instead of run; returns the plans. */
async function searchPlans(email: string): Promise<string[]> {
  const plans: string[] = [];
  await database.db
    .transaction(async (tx) => {
      // Enough donations (and tournament entries) for the planner to weigh its choices as in production,
      // with addresses as varied as real ones.
      await tx.execute(sql`
      insert into orders (item_name, item_description, item_quantity, student_name, total_amount, customer_email, status)
      select case when i % 10 = 0 then 'Donation' else 'Citron Tournament Entry Fee' end, 'Search plan', 1,
        'Student ' || i, 2500, md5(i::text) || '@example.com', 'completed'
      from generate_series(1, 20000) as i`);
      await tx.execute(sql`analyze orders`);
      const explaining = new Proxy(tx, {
        get(target, property, receiver) {
          if (property !== "execute") return Reflect.get(target, property, receiver);
          return async (query: SQL) => {
            const result = (await target.execute(sql`explain ${query}`)) as unknown as { rows: PlanRow[] };
            plans.push(result.rows.map((row) => row["QUERY PLAN"]).join("\n"));
            return { rows: [] };
          };
        },
      });
      await listDonations(explaining as unknown as Database, { email, page: 1 });
      tx.rollback();
    })
    .catch((error: unknown) => {
      // The rollback above is how drizzle leaves the test database as it was.
      if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
    });
  return plans;
}

describe("donor search", () => {
  it("reads donations only, through their trigram index: not every order's email, not every gift's", async () => {
    // Part of the 10th order's address, a donation's.
    const plans = await searchPlans(createHash("md5").update("10").digest("hex").slice(0, 10));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/Bitmap Index Scan on orders_donor_email_trgm_idx/);
    // (The page's rows are then read by primary key.)
    expect(plans[0]).not.toMatch(/Seq Scan|Index Scan using \w*created_at/);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkTokenHash } from "~/core/link-tokens.server";
import { migrationsFolder } from "~/db/migrate.server";
import { checkouts, monthlyGifts } from "~/db/schema";
import { giftByToken } from "~/features/donations/monthly/gifts.server";
import { findReceipt } from "~/features/donations/receipt.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { useDonationTestEnv } from "../support/donations";

/** Decision 0037's migration: the clear tokens of links already sent are hashed in place and keep working. */
describe("the link-token-hashes migration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    useDonationTestEnv();
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("hashes existing manage and receipt tokens, drops the copy in the checkout's details, and old links still open", async () => {
    const db = database.db;
    // The tables as they were before it: clear tokens.
    await db.execute(sql`alter table monthly_gifts rename column manage_token_hash to manage_token`);
    await db.execute(
      sql`alter table monthly_gifts rename constraint monthly_gifts_manage_token_hash_unique to monthly_gifts_manage_token_unique`,
    );
    await db.execute(sql`alter table checkouts rename column public_token_hash to public_token`);
    await db.execute(
      sql`alter table checkouts rename constraint checkouts_public_token_hash_unique to checkouts_public_token_unique`,
    );
    const manageToken = "OldManageToken_abcdefghijklmnopqrstuvwx";
    const receiptToken = "OldReceiptToken_abcdefghijklmnopqrstuvw";
    const inserted = (await db.execute(sql`
        insert into checkouts (kind, status, provider, email, total_amount, details, public_token, expires_at, completed_at)
        values ('donation', 'completed', 'sandbox', 'donor@example.com', 5000,
          ${JSON.stringify({ donation: { firstName: "Ada", lastName: "Donor", giftCents: 5000, feeCents: 0, tribute: null, notifyEmail: null, monthly: { giftId: "x", manageToken } } })}::jsonb,
          ${receiptToken}, now(), now())
        returning id`)) as unknown as { rows: { id: string }[] };
    const checkout = inserted.rows[0];
    await db.execute(sql`
      insert into monthly_gifts (provider, email, first_name, last_name, amount_cents, details, status, manage_token, first_checkout_id)
      values ('sandbox', 'donor@example.com', 'Ada', 'Donor', 5000, '{}'::jsonb, 'active', ${manageToken}, ${checkout!.id})`);

    const file = readdirSync(migrationsFolder).find((name) => name.endsWith("_link-token-hashes.sql"))!;
    const migration = readFileSync(`${migrationsFolder}/${file}`, "utf8");
    await db.transaction(async (tx) => {
      for (const statement of migration.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
    });

    const [gift] = await db.select().from(monthlyGifts);
    expect(gift!.manageTokenHash).toBe(linkTokenHash(manageToken));
    const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkout!.id));
    expect(row!.publicTokenHash).toBe(linkTokenHash(receiptToken));
    expect(JSON.stringify(row!.details)).not.toContain(manageToken);
    expect(JSON.stringify(await db.select().from(monthlyGifts))).not.toContain(manageToken);
    // The links in emails already sent still open their pages.
    expect((await giftByToken(db, manageToken))?.id).toBe(gift!.id);
    expect((await findReceipt(db, receiptToken))?.donorName).toBe("Ada Donor");
  });
});

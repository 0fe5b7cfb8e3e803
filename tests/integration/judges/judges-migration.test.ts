import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { migrationsFolder } from "~/db/migrate.server";
import { judges } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { testEnv } from "#tests/support/testbed";

/** Decision 0049's migration: judges already named twice for a tournament become one, each with its file. */
describe("the judges-counted-once migration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    setEnvForTests(testEnv("judges-migration"));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    setEnvForTests(undefined);
    await database.destroy();
  });

  it("keeps the confirmed (else the earliest) row of one email, lists the other names, and fills each file", async () => {
    const db = database.db;
    // The table as it was before it.
    await db.execute(sql`drop index judges_person_idx`);
    await db.execute(sql`alter table judges drop constraint judges_file_category_check`);
    await db.execute(sql`alter table judges drop constraint judges_vouched_by_check`);
    for (const column of ["file_category", "other_names", "vouched_by", "vouched_at"])
      await db.execute(sql.raw(`alter table judges drop column ${column}`));
    const named = (first: string, email: string, status: string, minutes: number, key: string | null = "k") =>
      db.execute(sql`
        insert into judges (tournament_key, first_name, last_name, email, school, categories, status, token_hash,
                            created_at)
        values (${key}, ${first}, 'Levi', ${email}, '', ${JSON.stringify(["speech", "debate"])}::jsonb, ${status},
                ${`hash-${first}-${key}`}, now() - make_interval(mins => ${minutes}))`);
    await named("Dana", "dana@example.org", "pending", 30);
    await named("Dee", "DANA@example.org", "confirmed", 20);
    await named("Dan", "dana@example.org", "withdrawn", 10);
    await named("Dana", "dana@example.org", "pending", 5, null);
    await named("Sam", "sam@example.org", "pending", 5);

    const file = readdirSync(migrationsFolder).find((name) => name.endsWith("_judges-counted-once.sql"))!;
    const migration = readFileSync(`${migrationsFolder}/${file}`, "utf8");
    await db.transaction(async (tx) => {
      for (const statement of migration.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
    });

    const rows = await db.select().from(judges);
    expect(
      rows
        .map((row) => [row.tournamentKey, row.firstName, row.status, row.fileCategory, row.otherNames.toSorted()])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      [null, "Dana", "pending", "speech", []],
      ["k", "Dee", "confirmed", "speech", ["Dan Levi", "Dana Levi"]],
      ["k", "Sam", "pending", "speech", []],
    ]);
    expect(rows.every((row) => row.vouchedBy === null)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { migrateDatabase } from "./migrate.server";
import { appMeta } from "./schema";

describe("migrations", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ fromScratch: true });
  });
  afterAll(() => database.destroy());

  it("create the schema and can run again without changing anything", async () => {
    await migrateDatabase(database);
    await migrateDatabase(database);
    await database.db.insert(appMeta).values({ key: "probe", value: "1" });
    const rows = await database.db.select().from(appMeta);
    expect(rows.map((row) => row.key)).toContain("probe");
  });

  it("serialise concurrent migrators behind the lock", async () => {
    await Promise.all([migrateDatabase(database), migrateDatabase(database), migrateDatabase(database)]);
    const rows = await database.db.select().from(appMeta);
    expect(rows).toHaveLength(1);
  });
});

import { afterAll, beforeAll, beforeEach } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { auditLog, siteContentDrafts, siteContentVersions } from "~/db/schema";
import { setPublishedContent } from "~/features/content/content.server";
import { sectionKeys } from "~/features/content/sections";
import { signedInAccount } from "./accounts";
import { createTestDatabase, type TestDatabase } from "./database";
import { testEnv } from "./testbed";

type Account = Awaited<ReturnType<typeof signedInAccount>>;

/**
 * The site editor's tests (decision 0039): a database with an admin and a user-role coach signed in, and every
 * test starting from content/ as deployed (no version, no draft, nothing published in this process's memory).
 * The returned object is filled before the first test.
 */
export function siteContentTestbed(name: string) {
  const bed = {} as { database: TestDatabase; admin: Account; coach: Account };
  beforeAll(async () => {
    setEnvForTests(testEnv(name));
    bed.database = await createTestDatabase();
    bed.admin = await signedInAccount(bed.database.db, "director@example.org", "admin");
    bed.coach = await signedInAccount(bed.database.db, "coach@example.org", "user");
  });
  afterAll(async () => {
    for (const key of sectionKeys) setPublishedContent(key, null);
    setEnvForTests(undefined);
    await bed.database?.destroy();
  });
  beforeEach(async () => {
    await bed.database.db.delete(siteContentVersions);
    await bed.database.db.delete(siteContentDrafts);
    await bed.database.db.delete(auditLog);
    for (const key of sectionKeys) setPublishedContent(key, null);
  });
  return bed;
}

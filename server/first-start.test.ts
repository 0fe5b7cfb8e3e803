// test-class: pglite (the embedded default's first start: PGlite whatever the run's engine)
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { prepareDatabase } from "~/db/database.server";
import { users } from "~/db/schema";
import { demoSeeders } from "./demo-content";

describe("first start of an embedded database", () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await handle?.close();
    handle = undefined;
  });

  // Opening and migrating a fresh PGlite takes seconds; more on a loaded machine.
  it("seeds no demo content and prints no password on a deployment", { timeout: 120_000 }, async () => {
    const printed = vi.spyOn(console, "warn").mockImplementation(() => {});
    handle = await openDatabase({ dataDir: "memory://" });
    await prepareDatabase(handle, { DEPLOYED: true });
    expect(await handle.db.$count(users)).toBe(0);
    expect(printed).not.toHaveBeenCalled();
  });

  it("seeds the demo accounts in npm start's local preview", { timeout: 120_000 }, async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    handle = await openDatabase({ dataDir: "memory://" });
    await prepareDatabase(handle, { DEPLOYED: false }, demoSeeders);
    expect(await handle.db.$count(users)).toBeGreaterThan(0);
  });
});

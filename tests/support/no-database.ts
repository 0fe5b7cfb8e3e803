// Set up before every file of the `none` class (tests/test-classes.ts): such a file runs once, on no engine, so
// opening a database there is a misclassification that would hide an engine's difference. It fails at once, saying
// how to fix it.
import { vi } from "vitest";

vi.mock("~/db/client.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/db/client.server")>()),
  openDatabase: () => {
    throw new Error(
      "This test file is in the `none` class (tests/test-classes.ts) but opened a database: use the test database " +
        "(tests/support/database.ts) so it runs on both engines, or say its class in a `// test-class:` line.",
    );
  },
}));

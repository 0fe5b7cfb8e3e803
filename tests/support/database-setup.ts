import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's folder for the migrated PGlite copy (tests/support/database.ts). */
    pgliteTemplateDir: string;
  }
}

/** Vitest's globalSetup: a temporary folder the test files share for one run, removed at its end. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), "citron-pglite-template-"));
  project.provide("pgliteTemplateDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

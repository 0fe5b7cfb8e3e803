import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's root folder (the one holding package.json), found from this
 * module's location so it is right in source, in tests and in the build.
 */
export const projectRoot: string = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const fromRoot = (...segments: string[]) => path.join(projectRoot, ...segments);

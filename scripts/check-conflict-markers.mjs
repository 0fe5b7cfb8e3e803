// Part of `npm run lint`: no tracked file may keep a merge's conflict markers
// (a README once shipped with both sides of a conflict in it).
import { spawnSync } from "node:child_process";

const found = spawnSync("git", ["grep", "-nE", "^(<{7}|>{7})( |$)|^={7}$", "--", "."], { encoding: "utf8" });
if (found.status === 1) process.exit(0); // git grep: nothing matched
if (found.status !== 0) {
  console.error(found.stderr || "git grep failed");
  process.exit(2);
}
console.error(`Merge conflict markers left in tracked files:\n${found.stdout}`);
process.exit(1);

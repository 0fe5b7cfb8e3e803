/**
 * The difference between two content documents, field by field: every leaf
 * (text, number) that was changed, added or removed, with its path
 * ("coaches.2.bio"). Pure, so the history page and the stale-publish message
 * share it.
 */
export type Change = { path: string; kind: "changed" | "added" | "removed"; before?: string; after?: string };

function leaves(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, i) => leaves(item, prefix ? `${prefix}.${i}` : String(i), into));
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) leaves(item, prefix ? `${prefix}.${key}` : key, into);
  else if (value !== undefined) into.set(prefix, String(value));
  return into;
}

export function diffDocuments(before: unknown, after: unknown): Change[] {
  const a = leaves(before, "", new Map());
  const b = leaves(after, "", new Map());
  const changes: Change[] = [];
  for (const [path, value] of a) {
    if (!b.has(path)) changes.push({ path, kind: "removed", before: value });
    else if (b.get(path) !== value) changes.push({ path, kind: "changed", before: value, after: b.get(path) });
  }
  for (const [path, value] of b) if (!a.has(path)) changes.push({ path, kind: "added", after: value });
  return changes;
}

/** "coaches 3 › bio": a path as a person reads it (list positions from 1). */
export function readablePath(path: string): string {
  return path
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part))
    .join(" › ")
    .replace(/ › (\d+)/g, " $1");
}

/** The few top-level places a change touched, for a one-line summary ("coaches 2, boards 1"). */
export function changedPlaces(changes: Change[], limit = 5): string {
  const places = [...new Set(changes.map((change) => readablePath(change.path.split(".").slice(0, 2).join("."))))];
  const shown = places.slice(0, limit).join(", ");
  return places.length > limit ? `${shown} and ${places.length - limit} more` : shown;
}

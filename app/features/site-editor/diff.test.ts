import { describe, expect, it } from "vitest";
import { changedPlaces, diffDocuments, readablePath } from "./diff";

describe("diffDocuments", () => {
  it("names each changed, added and removed field by its path", () => {
    const before = { coaches: [{ name: "A", bio: "old" }], year: 2025 };
    const after = {
      coaches: [
        { name: "A", bio: "new" },
        { name: "B", bio: "b" },
      ],
      year: 2025,
    };
    expect(diffDocuments(before, after)).toEqual([
      { path: "coaches.0.bio", kind: "changed", before: "old", after: "new" },
      { path: "coaches.1.name", kind: "added", after: "B" },
      { path: "coaches.1.bio", kind: "added", after: "b" },
    ]);
    expect(diffDocuments(after, before).filter((change) => change.kind === "removed")).toHaveLength(2);
    expect(diffDocuments(before, before)).toEqual([]);
  });

  it("reads paths with list positions from 1 and summarises the places", () => {
    expect(readablePath("coaches.0.bio")).toBe("coaches 1 › bio");
    const changes = diffDocuments({ a: [1, 2], b: "x" }, { a: [1, 3], b: "y" });
    expect(changedPlaces(changes)).toBe("a 2, b");
  });
});

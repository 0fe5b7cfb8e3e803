import { describe, expect, it } from "vitest";
import { likePattern } from "./like-pattern";

describe("text search patterns", () => {
  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

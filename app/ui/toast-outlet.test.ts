import { describe, expect, it } from "vitest";
import { noticeId } from "./toast-outlet";

describe("noticeId", () => {
  const counter = () => {
    let n = 0;
    return () => (n += 1);
  };

  it("raises a first notice with a new id", () => {
    const latest = new Map<string, string>();
    expect(noticeId("info:Saved:", [], latest, counter())).toEqual({ id: "info:Saved:#1", replaces: null });
  });

  it("replaces the same notice in place while it is the newest on screen", () => {
    const latest = new Map([["info:Saved:", "info:Saved:#1"]]);
    expect(noticeId("info:Saved:", ["info:Saved:#1"], latest, counter())).toEqual({
      id: "info:Saved:#1",
      replaces: null,
    });
  });

  it("raises it anew in front, dismissing the copy, when a newer notice hides it", () => {
    const latest = new Map([["info:Up to date:", "info:Up to date:#1"]]);
    const next = counter();
    next();
    expect(noticeId("info:Up to date:", ["info:Up to date:#1", "success:Refreshed:#2"], latest, next)).toEqual({
      id: "info:Up to date:#2",
      replaces: "info:Up to date:#1",
    });
    expect(latest.get("info:Up to date:")).toBe("info:Up to date:#2");
  });

  it("raises it anew once the earlier one has gone", () => {
    const latest = new Map([["info:Saved:", "info:Saved:#1"]]);
    const next = counter();
    next();
    expect(noticeId("info:Saved:", [], latest, next)).toEqual({ id: "info:Saved:#2", replaces: null });
  });
});

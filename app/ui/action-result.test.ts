import { describe, expect, it } from "vitest";
import { actionResultStep } from "./action-result";

describe("actionResultStep", () => {
  const answer = { ok: true };
  const base = { answer, renderedWith: undefined, handled: undefined, hydrated: true, busy: false };

  it("shows nothing without an answer", () => {
    expect(actionResultStep({ ...base, answer: undefined })).toBe("none");
    expect(actionResultStep({ ...base, answer: null })).toBe("none");
  });
  it("puts an answer in the page before hydration (no JavaScript, or scripts not started)", () => {
    expect(actionResultStep({ ...base, hydrated: false })).toBe("inline");
  });
  it("keeps the answer the page came with in the page once hydrated (no toast for it)", () => {
    expect(actionResultStep({ ...base, renderedWith: answer })).toBe("inline");
  });
  it("toasts an answer that arrives after hydration, once", () => {
    expect(actionResultStep(base)).toBe("toast");
    expect(actionResultStep({ ...base, handled: answer })).toBe("none");
    expect(actionResultStep({ ...base, renderedWith: { ok: false } })).toBe("toast");
  });
  it("waits while the submission is still busy", () => {
    expect(actionResultStep({ ...base, busy: true })).toBe("none");
  });
});

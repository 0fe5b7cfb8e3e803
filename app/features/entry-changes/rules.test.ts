import { describe, expect, it } from "vitest";
import { appliedTo, entryChangeSchema, entryFields, planChange } from "./rules";

const schools = [
  { code: "101", name: "Ohr Chaim Academy" },
  { code: "102", name: "Bay Prep" },
];
const ID = "00000000-0000-4000-8000-000000000001";
const order = {
  eventType: "Public Forum (PF)",
  studentName: "Ana Lee",
  studentSchool: "Ohr Chaim Academy",
  registration: {
    studentFirst: "Ana",
    studentLast: "Lee",
    schoolCode: "101",
    competitionEvent: "Public Forum (PF)",
    partnerFirst: "Cam",
    partnerLast: "Ito",
    partnerSchool: "Ohr Chaim Academy",
    partnerSchoolCode: "101",
    partnerNovice: true,
  },
};
const now = entryFields(order);
const parse = (form: Record<string, string>) => {
  const result = entryChangeSchema().safeParse(form);
  if (!result.success) throw new Error(result.error.message);
  return result.data;
};

describe("a family's change worked out (decision 0047)", () => {
  it("fixes a name: before, after and the sentence the history shows", () => {
    const planned = planChange(
      now,
      parse({ intent: "student", orderId: ID, studentFirst: "Anna", studentLast: "Lee", schoolCode: "101" }),
      schools,
    );
    expect(planned).toEqual({
      ok: true,
      change: {
        kind: "student",
        before: { studentFirst: "Ana", studentLast: "Lee", school: "Ohr Chaim Academy", schoolCode: "101" },
        after: { studentFirst: "Anna", studentLast: "Lee", school: "Ohr Chaim Academy", schoolCode: "101" },
        summary: "Student's name changed from Ana Lee to Anna Lee.",
      },
    });
  });

  it("a school typed under Other keeps no code", () => {
    const planned = planChange(
      now,
      parse({
        intent: "student",
        orderId: ID,
        studentFirst: "Ana",
        studentLast: "Lee",
        schoolCode: "other",
        studentSchool: "Hill School",
      }),
      schools,
    );
    expect(planned.ok && planned.change.after).toMatchObject({ school: "Hill School", schoolCode: null });
  });

  it("says when nothing changes", () => {
    const same = planChange(
      now,
      parse({ intent: "partner", orderId: ID, partnerFirst: "Cam", partnerLast: "Ito", partnerSchoolCode: "101" }),
      schools,
    );
    expect(same).toEqual({ ok: false, message: "That is what the entry already says: nothing to change." });
  });

  it("a switch to a one-person event drops the partner, and into a two-person one needs a partner", () => {
    const planned = planChange(now, parse({ intent: "event", orderId: ID, event: "Original Oratory" }), schools);
    expect(planned.ok && planned.change.summary).toBe(
      "Event switched from Public Forum (PF) to Original Oratory, without the partner.",
    );
    const row = appliedTo(order, planned.ok ? planned.change.after : {});
    expect(row.eventType).toBe("Original Oratory");
    expect(row.registration).not.toHaveProperty("partnerFirst");
    expect(row.registration).not.toHaveProperty("partnerNovice");
    const solo = entryFields({
      ...order,
      eventType: "Original Oratory",
      registration: { studentFirst: "Ana", studentLast: "Lee" },
    });
    const refused = planChange(solo, parse({ intent: "event", orderId: ID, event: "Policy Debate" }), schools);
    expect(refused.ok).toBe(false);
  });

  it("refuses what registration refuses: line breaks, formulas, too long, an unknown event or entry", () => {
    for (const form of [
      { intent: "student", orderId: ID, studentFirst: "Ana\r\nX", studentLast: "Lee", schoolCode: "101" },
      { intent: "student", orderId: ID, studentFirst: "@SUM(1)", studentLast: "Lee", schoolCode: "101" },
      { intent: "student", orderId: ID, studentFirst: "A".repeat(101), studentLast: "Lee", schoolCode: "101" },
      { intent: "student", orderId: ID, studentFirst: "Ana", studentLast: "Lee", schoolCode: "other" },
      { intent: "event", orderId: ID, event: "Underwater Debate" },
      { intent: "event", orderId: "1; drop table orders", event: "Original Oratory" },
      { intent: "refund-everything", orderId: ID },
    ])
      expect({ form, ok: entryChangeSchema().safeParse(form).success }).toEqual({ form, ok: false });
  });

  it("writes the joined name and the parts on the order row", () => {
    const row = appliedTo(order, { studentFirst: "Anna", studentLast: "Li", school: "Bay Prep", schoolCode: "102" });
    expect(row).toMatchObject({ studentName: "Anna Li", studentSchool: "Bay Prep" });
    expect(row.registration).toMatchObject({ studentFirst: "Anna", studentLast: "Li", schoolCode: "102" });
  });
});

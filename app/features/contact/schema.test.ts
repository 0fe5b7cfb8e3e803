import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { inquiryPurposeLabel, inquiryPurposes } from "./inquiry-purposes";
import { contactLimits, contactMessages, contactSchema } from "./schema";

const valid = {
  name: "Ada Lovelace",
  school: "Riverside Yeshiva High School",
  email: "ada@example.org",
  phone: "(555) 010-0199",
  inquiryPurpose: "join-district",
  comment: "We would like to join the district this fall.",
};

/** Parses like the action does: form fields, empty strings meaning "not given". */
function parseForm(values: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) formData.set(key, value);
  return parseWithZod(formData, { schema: contactSchema });
}

function errorsOf(values: Record<string, string>) {
  const submission = parseForm(values);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("contact schema (docs/product.md#5-validation-rules)", () => {
  it("accepts a complete message", () => {
    const submission = parseForm(valid);
    expect(submission.status).toBe("success");
  });

  it("lists the five inquiry purposes with readable labels", () => {
    expect(inquiryPurposes.map((purpose) => purpose.value)).toEqual([
      "join-district",
      "participate-tournaments",
      "judge-tournaments",
      "public-relations",
      "other",
    ]);
    expect(inquiryPurposeLabel("join-district")).toBe("Join Online District");
    for (const purpose of inquiryPurposes) expect(purpose.label).not.toMatch(/-/);
  });

  it.each([
    ["name", "", contactMessages.name],
    ["name", "A", contactMessages.name],
    ["name", " A ", contactMessages.name],
    ["email", "", contactMessages.email],
    ["email", "not-an-email", contactMessages.email],
    ["email", "a@b", contactMessages.email],
    ["inquiryPurpose", "", contactMessages.inquiryPurpose],
    ["inquiryPurpose", "sell-stuff", contactMessages.inquiryPurpose],
    ["comment", "", contactMessages.comment],
    ["comment", "123456789", contactMessages.comment],
    ["comment", "    short    ", contactMessages.comment],
  ])("%s = %j gives docs/product.md's message", (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })[field]).toEqual([message]);
  });

  it("quotes docs/product.md's messages exactly", () => {
    expect(contactMessages).toEqual({
      name: "Name must be at least 2 characters.",
      email: "Please enter a valid email address.",
      inquiryPurpose: "Please select an inquiry purpose.",
      comment: "Please provide at least 10 characters in your message.",
    });
  });

  it.each([
    ["name", 1, false],
    ["name", 2, true],
    ["comment", 9, false],
    ["comment", 10, true],
  ])("%s with %i characters passes: %s", (field, length, ok) => {
    expect(parseForm({ ...valid, [field]: "x".repeat(length) }).status === "success").toBe(ok);
  });

  it.each([
    ["name", contactLimits.name, "Name must be at most 100 characters."],
    ["school", contactLimits.school, "School must be at most 150 characters."],
    ["phone", contactLimits.phone, "Phone must be at most 40 characters."],
    ["comment", contactLimits.comment, "Message must be at most 5000 characters."],
  ])("%s accepts %i characters and refuses one more", (field, max, message) => {
    expect(parseForm({ ...valid, [field]: "x".repeat(max) }).status).toBe("success");
    expect(errorsOf({ ...valid, [field]: "x".repeat(max + 1) })[field]).toEqual([message]);
  });

  it("limits the email's length too", () => {
    const long = `${"a".repeat(contactLimits.email)}@example.org`;
    expect(errorsOf({ ...valid, email: long }).email).toEqual(["Email must be at most 254 characters."]);
  });

  it("stores empty optional fields as null", () => {
    const submission = parseForm({ ...valid, school: "", phone: "   " });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.school).toBeNull();
    expect(submission.value.phone).toBeNull();
  });

  it("keeps hostile text verbatim (it is escaped where shown, not here)", () => {
    const hostile = `<script>alert("x")</script> & 'quotes'`;
    const submission = parseForm({ ...valid, name: hostile, comment: hostile, school: hostile });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ name: hostile, comment: hostile, school: hostile });
  });

  it("reports every missing field at once", () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual(["comment", "email", "inquiryPurpose", "name"]);
  });
});

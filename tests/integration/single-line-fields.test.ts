import { describe, expect, it } from "vitest";
import { singleLineMessage } from "~/core/single-line";
import type { z } from "~/core/zod";
import { campaignSchema } from "~/features/campaigns/campaign-form";
import { contactSchema } from "~/features/contact/schema";
import { donationSchema } from "~/features/donations/schema";
import { judgeSchema } from "~/features/judges/schema";
import { productSchema } from "~/features/products/manage/product-schema";
import { registrationSchema } from "~/features/shop/registration/registration-schema";
import { parseMessageForm } from "~/features/tournaments/messages.server";

/**
 * Decision 0042: every single-line field of a form refuses a line break or a control character,
 * with its message at the field. Each field below is given a valid value with one such character inside.
 */
const characters = {
  LF: "\n",
  CR: "\r",
  tab: "\t",
  NUL: "\u0000",
  "U+0085": "\u0085",
  "U+2028": "\u2028",
  "U+2029": "\u2029",
};

type Case = {
  form: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  fields: Record<string, string>;
  /** Characters the form drops before its checks rather than refusing (the campaign form strips C0 controls). */
  dropped?: string[];
};

const rules = { maxCents: 1_000_000, contactEmail: "info@example.org" };
const cases: Case[] = [
  {
    form: "contact",
    schema: contactSchema,
    valid: {
      name: "Ann Lee",
      school: "Lincoln High",
      email: "ann@example.org",
      phone: "555 0100",
      inquiryPurpose: "other",
      comment: "Hello there, a question.",
    },
    fields: { name: "Name", school: "School", phone: "Phone" },
  },
  {
    form: "tournament entry",
    schema: registrationSchema("tournamentEntry"),
    valid: {
      studentFirst: "Ann",
      studentLast: "Lee",
      schoolCode: "other",
      studentSchool: "Lincoln High",
      scheduleEvent: "event-1",
      competitionEvent: "Public Forum (PF)",
      partnerFirst: "Bo",
      partnerLast: "Park",
      partnerSchool: "Lincoln High",
    },
    fields: {
      studentFirst: "Student's first name",
      studentLast: "Student's last name",
      studentSchool: "School name",
      scheduleEvent: "The choice",
      partnerFirst: "Partner's name",
      partnerLast: "Partner's name",
      partnerSchool: "Partner's school",
    },
  },
  {
    form: "judge fee",
    schema: registrationSchema("judgeFee"),
    valid: { schoolName: "Lincoln High", scheduleEvent: "event-1", schoolContact: "Ann Lee, 555 0100" },
    fields: { schoolName: "School name", schoolContact: "Contact information" },
  },
  {
    form: "YLMC student",
    schema: registrationSchema("ylmcStudentEntry"),
    valid: { studentName: "Ann Lee", studentSchool: "Lincoln High" },
    fields: { studentName: "Student name", studentSchool: "School name" },
  },
  {
    form: "YLMC school",
    schema: registrationSchema("ylmcSchoolRegistration"),
    valid: { schoolName: "Lincoln High", facultyAdvisor: "Dr. Ann Lee" },
    fields: { schoolName: "School name", facultyAdvisor: "Faculty advisor name" },
  },
  {
    form: "donation",
    schema: donationSchema(rules),
    valid: {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      amount: "25",
      memorialType: "memory",
      memorialDetails: "Ruth Lee",
    },
    fields: { firstName: "First name", lastName: "Last name", memorialDetails: "The name" },
  },
  {
    form: "campaign",
    schema: campaignSchema,
    valid: {
      intent: "save",
      name: "Nationals Travel Fund",
      slug: "nationals-2027",
      goal: "5000",
      startsOn: "2027-01-01",
      endsOn: "2027-02-01",
      story: "Send our qualifiers.\nLine two.",
    },
    fields: { name: "Name" },
    dropped: ["NUL"],
  },
  {
    form: "judge",
    schema: judgeSchema(),
    valid: {
      tournament: "any",
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      phone: "555 0100",
      schoolCode: "other",
      schoolName: "Lincoln High",
      categories: ["debate"],
      note: "parent",
    },
    fields: { firstName: "First name", lastName: "Last name", phone: "Phone", schoolName: "School", note: "Note" },
  },
  {
    form: "product",
    schema: productSchema,
    valid: { name: "Tee", price: "19.99", unlimitedStock: "on" },
    fields: { name: "Name" },
  },
];

describe("single-line fields refuse line breaks and control characters", () => {
  for (const { form, schema, valid, fields, dropped = [] } of cases) {
    it(`${form}: the valid form passes`, () => {
      const result = schema.safeParse(valid);
      expect(result.error?.issues ?? []).toEqual([]);
    });
    for (const [field, label] of Object.entries(fields)) {
      for (const [name, character] of Object.entries(characters).filter(([name]) => !dropped.includes(name))) {
        it(`${form}: ${field} with ${name} inside has its message at the field`, () => {
          const value = `=HYPERLINK("x")${character}${String(valid[field])}`;
          const result = schema.safeParse({ ...valid, [field]: value });
          expect(result.success).toBe(false);
          const atField = (result.error?.issues ?? []).filter((issue) => issue.path[0] === field);
          expect(atField.map((issue) => issue.message)).toContain(singleLineMessage(label));
        });
      }
    }
  }

  it("a message to registrants: a subject with a line break or control character is refused", () => {
    const form = (subject: string) => {
      const data = new FormData();
      data.set("subject", subject);
      data.set("body", "The rooms have changed, see the page.");
      data.set("sendKey", "abcdefgh12");
      return data;
    };
    expect(parseMessageForm(form("Room change")).ok).toBe(true);
    for (const character of Object.values(characters)) {
      expect(parseMessageForm(form(`Room${character}Bcc: x@example.org`))).toEqual({
        ok: false,
        message: singleLineMessage("The subject"),
      });
    }
  });
});

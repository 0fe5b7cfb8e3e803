import { singleLine } from "~/core/single-line";
import { z } from "~/core/zod";
import type { RegistrationKind } from "~/features/products/registration-products";
import { COMPETITION_EVENTS, registrationLimits } from "./registration-rules";
import { partnerRule } from "~/features/tournaments/competition-events";
import { OTHER_SCHOOL } from "~/features/tournaments/schools";
import { tabroomNameProblem } from "~/features/tournaments/names";

export { COMPETITION_EVENTS, usesSchedule } from "./registration-rules";

/** The messages of docs/product.md#5-validation-rules, word for word. */
export const registrationMessages = {
  studentNameShort: "Student name must be at least 2 characters",
  studentNameLong: "Student name must be less than 100 characters",
  schoolShort: "School name must be at least 2 characters",
  schoolLong: "School name must be less than 100 characters",
  tournament: "Please select a tournament from the schedule",
  judgeEvent: "Please select an event from the schedule",
  competitionEvent: "Please select a competition event",
  contactShort: "Contact information must be at least 3 characters",
  contactLong: "Contact information must be less than 200 characters",
  advisorShort: "Faculty advisor name must be at least 2 characters",
  advisorLong: "Faculty advisor name must be less than 100 characters",
  schoolChoice: "Please choose a school from the list, or Other",
  partnerFirst: "Please enter your partner's first name",
  partnerLast: "Please enter your partner's last name",
  partnerNameLong: "Partner's name must be less than 50 characters",
  partnerSchoolShort: "Partner's school must be at least 2 characters",
  studentEmail: "Please enter a valid email address",
} as const;

const text = (min: number, max: number, short: string, long: string, label: string) =>
  singleLine(z.string({ error: short }).trim().min(min, short).max(max, long), label);

const name = (short: string, long: string, label: string) =>
  text(registrationLimits.name.min, registrationLimits.name.max, short, long, label);

/**
 * A schedule choice: required, and, where the server passes the current
 * schedule's ids, one of them (a past or made-up event is refused).
 */
const scheduleChoice = (message: string, scheduleIds?: readonly string[]) => {
  const base = singleLine(z.string({ error: message }).trim().min(1, message).max(200, message), "The choice");
  return scheduleIds ? base.refine((id) => scheduleIds.includes(id), message) : base;
};

const studentName = name(registrationMessages.studentNameShort, registrationMessages.studentNameLong, "Student name");
const studentSchool = name(registrationMessages.schoolShort, registrationMessages.schoolLong, "School name");
const schoolName = studentSchool;

/**
 * One Zod schema per registration dialog (docs/product.md#5-validation-rules). The browser
 * uses them without the schedule for instant messages; the action passes the
 * ids of the future schedule events it offers.
 */
export function registrationSchema(
  kind: RegistrationKind,
  scheduleIds?: readonly string[],
  schoolCodes?: readonly string[],
) {
  switch (kind) {
    case "tournamentEntry":
      return tournamentEntrySchema(scheduleIds, schoolCodes);
    case "judgeFee":
      return z.object({
        schoolName,
        scheduleEvent: scheduleChoice(registrationMessages.judgeEvent, scheduleIds),
        schoolContact: text(
          registrationLimits.contact.min,
          registrationLimits.contact.max,
          registrationMessages.contactShort,
          registrationMessages.contactLong,
          "Contact information",
        ),
      });
    case "ylmcStudentEntry":
    case "ylmunEntry":
      return z.object({ studentName, studentSchool });
    case "ylmcSchoolRegistration":
      return z.object({
        schoolName,
        facultyAdvisor: name(
          registrationMessages.advisorShort,
          registrationMessages.advisorLong,
          "Faculty advisor name",
        ),
      });
  }
}

export const optionalText = (max: number, long: string, label: string) =>
  singleLine(z.string().trim().max(max, long), label).optional();

/** Decision 0046: a name or school that Tabroom's file carries as typed (see tabroomNameProblem). */
export const tabroomSafe = <T extends z.ZodType<string | undefined>>(schema: T, what: "name" | "school" = "name") =>
  schema.superRefine((value, context) => {
    const problem = value ? tabroomNameProblem(value, what) : null;
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** A student's first or last name at a tournament entry (decision 0046): the SPEC's name messages, at each part. */
export const namePart = (label: string) =>
  tabroomSafe(
    singleLine(
      z
        .string({ error: registrationMessages.studentNameShort })
        .trim()
        .min(1, registrationMessages.studentNameShort)
        .max(registrationLimits.name.max, registrationMessages.studentNameLong),
      label,
    ),
  );

/** An optional student email (asked when the tournament asks; Tabroom links it to the student's account). */
const studentEmail = z
  .string()
  .trim()
  .max(254, registrationMessages.studentEmail)
  .pipe(z.union([z.literal(""), z.email(registrationMessages.studentEmail)]))
  .optional();

/** A checkbox: "on" (or "1") when ticked, absent when not. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "1");

/**
 * A school chosen from the list: a member school's code or Other, refused at the field otherwise (the server passes
 * the member schools' codes; the browser, which has no list to check against, only the length). Registration and a
 * family's change through its entries link read the same field.
 */
export function schoolCodeField(schoolCodes?: readonly string[]) {
  return z
    .string()
    .trim()
    .max(20, registrationMessages.schoolChoice)
    .refine(
      (code) => code === OTHER_SCHOOL || !schoolCodes || schoolCodes.includes(code),
      registrationMessages.schoolChoice,
    )
    .optional();
}

/**
 * A tournament entry (decision 0040): the school is a member school's code or Other with a typed name; a team
 * event's partner has a first and a last name and a school (the student's own when left empty). Decision 0046: the
 * student's first and last name apart, every name and typed school as Tabroom's file can carry it; a novice mark
 * and a student email per student, kept by the server only when the tournament asks.
 */
function tournamentEntrySchema(scheduleIds?: readonly string[], schoolCodes?: readonly string[]) {
  const partnerName = tabroomSafe(optionalText(50, registrationMessages.partnerNameLong, "Partner's name"));
  const schoolCode = schoolCodeField(schoolCodes);
  return z
    .object({
      studentFirst: namePart("Student's first name"),
      studentLast: namePart("Student's last name"),
      schoolCode,
      studentSchool: tabroomSafe(
        optionalText(registrationLimits.name.max, registrationMessages.schoolLong, "School name"),
        "school",
      ),
      scheduleEvent: scheduleChoice(registrationMessages.tournament, scheduleIds),
      competitionEvent: z.enum(COMPETITION_EVENTS, { error: registrationMessages.competitionEvent }),
      partnerFirst: partnerName,
      partnerLast: partnerName,
      partnerSchoolCode: schoolCode,
      partnerSchool: tabroomSafe(
        optionalText(registrationLimits.name.max, registrationMessages.schoolLong, "Partner's school"),
        "school",
      ),
      studentNovice: checkbox,
      partnerNovice: checkbox,
      studentEmail,
      partnerEmail: studentEmail,
    })
    .superRefine(
      (value, context) => {
        if (!value || typeof value !== "object") return;
        const member = (code: string | undefined) => !!code && code !== OTHER_SCHOOL;
        if (!member(value.schoolCode) && (value.studentSchool ?? "").length < registrationLimits.name.min) {
          context.addIssue({ code: "custom", path: ["studentSchool"], message: registrationMessages.schoolShort });
        }
        const rule = partnerRule(value.competitionEvent);
        if (!rule) return;
        const named = !!(value.partnerFirst || value.partnerLast);
        if (rule === "required" || named) {
          if (!value.partnerFirst)
            context.addIssue({ code: "custom", path: ["partnerFirst"], message: registrationMessages.partnerFirst });
          if (!value.partnerLast)
            context.addIssue({ code: "custom", path: ["partnerLast"], message: registrationMessages.partnerLast });
          if (
            value.partnerSchoolCode === OTHER_SCHOOL &&
            (value.partnerSchool ?? "").length < registrationLimits.name.min
          )
            context.addIssue({
              code: "custom",
              path: ["partnerSchool"],
              message: registrationMessages.partnerSchoolShort,
            });
        }
      },
      // Also when another field failed, so every message shows at once (the value is then only partly checked).
      { when: () => true },
    );
}

export type RegistrationInput = z.input<ReturnType<typeof registrationSchema>>;
export type RegistrationOutput = z.output<ReturnType<typeof registrationSchema>>;

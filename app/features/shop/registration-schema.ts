import { z } from "~/core/zod";
import type { RegistrationKind } from "~/features/products/registration-products";
import { COMPETITION_EVENTS, registrationLimits } from "./registration-rules";

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
} as const;

const text = (min: number, max: number, short: string, long: string) =>
  z.string({ error: short }).trim().min(min, short).max(max, long);

const name = (short: string, long: string) =>
  text(registrationLimits.name.min, registrationLimits.name.max, short, long);

/**
 * A schedule choice: required, and, where the server passes the current
 * schedule's ids, one of them (a past or made-up event is refused).
 */
const scheduleChoice = (message: string, scheduleIds?: readonly string[]) => {
  const base = z.string({ error: message }).trim().min(1, message).max(200, message);
  return scheduleIds ? base.refine((id) => scheduleIds.includes(id), message) : base;
};

const studentName = name(registrationMessages.studentNameShort, registrationMessages.studentNameLong);
const studentSchool = name(registrationMessages.schoolShort, registrationMessages.schoolLong);
const schoolName = studentSchool;

/**
 * One Zod schema per registration dialog (docs/product.md#5-validation-rules). The browser
 * uses them without the schedule for instant messages; the action passes the
 * ids of the future schedule events it offers.
 */
export function registrationSchema(kind: RegistrationKind, scheduleIds?: readonly string[]) {
  switch (kind) {
    case "tournamentEntry":
      return z.object({
        studentName,
        studentSchool,
        scheduleEvent: scheduleChoice(registrationMessages.tournament, scheduleIds),
        competitionEvent: z.enum(COMPETITION_EVENTS, { error: registrationMessages.competitionEvent }),
      });
    case "judgeFee":
      return z.object({
        schoolName,
        scheduleEvent: scheduleChoice(registrationMessages.judgeEvent, scheduleIds),
        schoolContact: text(
          registrationLimits.contact.min,
          registrationLimits.contact.max,
          registrationMessages.contactShort,
          registrationMessages.contactLong,
        ),
      });
    case "ylmcStudentEntry":
    case "ylmunEntry":
      return z.object({ studentName, studentSchool });
    case "ylmcSchoolRegistration":
      return z.object({
        schoolName,
        facultyAdvisor: name(registrationMessages.advisorShort, registrationMessages.advisorLong),
      });
  }
}

export type RegistrationInput = z.input<ReturnType<typeof registrationSchema>>;
export type RegistrationOutput = z.output<ReturnType<typeof registrationSchema>>;

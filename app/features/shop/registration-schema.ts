import { z } from "zod";
import type { RegistrationKind } from "~/features/products/registration-products";

/** SPEC.md section 3's tournament events list, in its order. */
export const COMPETITION_EVENTS = [
  "Lincoln-Douglas (LD)",
  "Public Forum (PF)",
  "Extemporaneous Debate (EXD)",
  "Congressional Debate",
  "Extemporaneous Speaking",
  "Impromptu Speaking",
  "Humorous Interpretation",
  "Dramatic Interpretation",
  "Original Oratory",
  "Informative Speaking",
  "Policy Debate",
  "Radio Speaking",
  "Big Questions",
  "World Schools",
] as const;

/** SPEC.md section 5's limits on the dialogs' fields (trimmed lengths). */
export const registrationLimits = {
  name: { min: 2, max: 100 },
  contact: { min: 3, max: 200 },
} as const;

/** SPEC.md section 5's messages, word for word. */
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

/** The title of the notice that repeats a dialog's first message (SPEC.md section 5). */
export const VALIDATION_ERROR_TITLE = "Validation Error";

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
 * One Zod schema per registration dialog (SPEC.md section 5). The browser
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

/** The dialogs' titles, by kind. */
export const registrationTitles: Record<RegistrationKind, string> = {
  tournamentEntry: "Tournament Registration",
  judgeFee: "Judge Registration",
  ylmcStudentEntry: "YLMC Student Registration",
  ylmunEntry: "YLMUN Student Registration",
  ylmcSchoolRegistration: "YLMC School Registration",
};

/** Whether a kind asks for a schedule event. */
export function usesSchedule(kind: RegistrationKind): boolean {
  return kind === "tournamentEntry" || kind === "judgeFee";
}

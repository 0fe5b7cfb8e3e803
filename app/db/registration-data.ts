/**
 * The RegistrationData of docs/product.md#3-entities-and-their-fields: what a registration dialog collects
 * for one cart line (and what a donation records). Every field is optional
 * here; each dialog's Zod schema says which it requires.
 */
export type RegistrationData = {
  studentName?: string;
  studentSchool?: string;
  /** The schedule event's id (sheet-event-N or a sample id). */
  scheduleEvent?: string;
  /** One of the tournament events list (Lincoln-Douglas (LD), ...). */
  competitionEvent?: string;
  schoolName?: string;
  schoolContact?: string;
  facultyAdvisor?: string;
  event?: string;
  /** The schedule event's title and date, copied when the line is added. */
  tournament?: string;
  tournamentDate?: string;
  /** The tournament's identity (app/db/tournament-key.ts), set by the server with the title and date. */
  tournamentKey?: string;
  /** A member school's code (app/features/tournaments/schools.ts); absent for a school typed under "Other". */
  schoolCode?: string;
  /** A team event's partner (decision 0040): first and last name apart, for the roster. */
  partnerFirst?: string;
  partnerLast?: string;
  partnerSchool?: string;
  partnerSchoolCode?: string;
  // Donations
  firstName?: string;
  lastName?: string;
  memorialType?: "none" | "memory" | "honor";
  memorialDetails?: string;
};

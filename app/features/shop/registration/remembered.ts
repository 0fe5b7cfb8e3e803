import type { RegistrationData } from "~/db/registration-data";
import { OTHER_SCHOOL } from "~/features/tournaments/schools";

/** What an entry form starts with: the tournament a link chose, and the school the family already gave. */
export type EntryDefaults = { scheduleEvent?: string; schoolCode?: string; studentSchool?: string };

/**
 * The entry form's starting values (decision 0051): the tournament the link chose (?tournament=, when it is one the
 * form offers), else the one of the cart's last entry; and the school of the cart's last entry, so a family's second
 * student is not asked it again. A member school is remembered by its code, a school typed under Other by its name.
 */
export function entryDefaults(
  lines: ReadonlyArray<{ registration: RegistrationData | null }>,
  chosen: string | null,
  offered: readonly string[],
): EntryDefaults {
  const last = lines.findLast((line) => line.registration?.competitionEvent)?.registration;
  const defaults: EntryDefaults = {};
  const scheduleEvent = chosen && offered.includes(chosen) ? chosen : last?.scheduleEvent;
  if (scheduleEvent && offered.includes(scheduleEvent)) defaults.scheduleEvent = scheduleEvent;
  if (last?.schoolCode) defaults.schoolCode = last.schoolCode;
  else if (last?.studentSchool) {
    defaults.schoolCode = OTHER_SCHOOL;
    defaults.studentSchool = last.studentSchool;
  }
  return defaults;
}

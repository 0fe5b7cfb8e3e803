import { singleLine } from "~/core/single-line";
import { z } from "~/core/zod";
import type { RegistrationData } from "~/db/registration-data";
import {
  namePart,
  optionalText,
  registrationMessages,
  schoolCodeField,
  tabroomSafe,
} from "~/features/shop/registration/registration-schema";
import { registrationLimits } from "~/features/shop/registration/registration-rules";
import { COMPETITION_EVENTS, partnerRule } from "~/features/tournaments/competition-events";
import { splitOldName } from "~/features/tournaments/names";
import { type MemberSchool, OTHER_SCHOOL } from "~/features/tournaments/schools";

/**
 * The changes a family makes to one paid entry through its private link (decision 0047), as the page's forms send
 * them: one Zod schema, used by the browser for instant messages and by the action for the authoritative check. The
 * names and schools follow registration's own rules (app/features/shop/registration/registration-schema.ts), so
 * nothing reaches the roster or Tabroom's files that registration would have refused.
 */
export const ENTRY_CHANGE_INTENTS = ["student", "partner", "event"] as const;
export type EntryChangeIntent = (typeof ENTRY_CHANGE_INTENTS)[number];

export const changeMessages = {
  entry: "Please choose one of the entries on this page.",
  event: registrationMessages.competitionEvent,
} as const;

const orderId = z.string({ error: changeMessages.entry }).trim().uuid(changeMessages.entry);
const typedSchool = (label: string) =>
  tabroomSafe(optionalText(registrationLimits.name.max, registrationMessages.schoolLong, label), "school");

/**
 * A family's change through its entries link. `schoolCodes` (the member schools', passed by the server) refuses an
 * unknown school code at its field, as registration does; the browser's check has no list and leaves it to the
 * server.
 */
export const entryChangeSchema = (schoolCodes?: readonly string[]) => {
  const schoolCode = schoolCodeField(schoolCodes);
  return z.discriminatedUnion("intent", [
    z
      .object({
        intent: z.literal("student"),
        orderId,
        studentFirst: namePart("Student's first name"),
        studentLast: namePart("Student's last name"),
        schoolCode,
        studentSchool: typedSchool("School name"),
      })
      .superRefine((value, context) => {
        if (!value || typeof value !== "object") return;
        if (
          (!value.schoolCode || value.schoolCode === OTHER_SCHOOL) &&
          (value.studentSchool ?? "").length < registrationLimits.name.min
        )
          context.addIssue({ code: "custom", path: ["studentSchool"], message: registrationMessages.schoolShort });
      }),
    z
      .object({
        intent: z.literal("partner"),
        orderId,
        partnerFirst: tabroomSafe(
          singleLine(
            z
              .string({ error: registrationMessages.partnerFirst })
              .trim()
              .min(1, registrationMessages.partnerFirst)
              .max(50, registrationMessages.partnerNameLong),
            "Partner's name",
          ),
        ),
        partnerLast: tabroomSafe(
          singleLine(
            z
              .string({ error: registrationMessages.partnerLast })
              .trim()
              .min(1, registrationMessages.partnerLast)
              .max(50, registrationMessages.partnerNameLong),
            "Partner's name",
          ),
        ),
        partnerSchoolCode: schoolCode,
        partnerSchool: typedSchool("Partner's school"),
      })
      .superRefine((value, context) => {
        if (!value || typeof value !== "object") return;
        if (
          value.partnerSchoolCode === OTHER_SCHOOL &&
          (value.partnerSchool ?? "").length < registrationLimits.name.min
        )
          context.addIssue({
            code: "custom",
            path: ["partnerSchool"],
            message: registrationMessages.partnerSchoolShort,
          });
      }),
    z.object({
      intent: z.literal("event"),
      orderId,
      event: z.enum(COMPETITION_EVENTS, { error: changeMessages.event }),
    }),
  ]);
};

export type EntryChangeInput = z.output<ReturnType<typeof entryChangeSchema>>;

/** What an entry is now, in the fields a family may change. */
export type EntryFields = {
  event: string;
  studentFirst: string;
  studentLast: string;
  school: string;
  schoolCode: string | null;
  partnerFirst: string | null;
  partnerLast: string | null;
  partnerSchool: string | null;
  partnerSchoolCode: string | null;
};

/** The fields of an order row (its named columns and registration JSON). */
export function entryFields(order: {
  eventType: string | null;
  studentName: string | null;
  studentSchool: string | null;
  registration: RegistrationData | null;
}): EntryFields {
  const data = order.registration ?? {};
  // An old one-field name, split as the roster and Tabroom's files split it (the one rule: splitOldName).
  const old = splitOldName(order.studentName ?? "");
  return {
    event: order.eventType ?? "",
    studentFirst: data.studentFirst ?? old.first,
    studentLast: data.studentLast ?? old.last,
    school: order.studentSchool ?? data.studentSchool ?? "",
    schoolCode: data.schoolCode ?? null,
    partnerFirst: data.partnerFirst ?? null,
    partnerLast: data.partnerLast ?? null,
    partnerSchool: data.partnerFirst ? (data.partnerSchool ?? null) : null,
    partnerSchoolCode: data.partnerFirst ? (data.partnerSchoolCode ?? null) : null,
  };
}

/** One change worked out: the fields it sets, before and after, and the sentence the history shows. */
export type PlannedChange = {
  kind: EntryChangeIntent;
  before: Partial<EntryFields>;
  after: Partial<EntryFields>;
  summary: string;
};

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

/**
 * What `input` changes on an entry whose fields are `now`, or a refusal: nothing to change, a partner on an event
 * without partners, an event switch that needs a partner the entry does not have. Pure: the server then checks the
 * window, the offer and the cap under the lock (changes.server.ts).
 */
export function planChange(
  now: EntryFields,
  input: EntryChangeInput,
  schools: readonly MemberSchool[],
): { ok: true; change: PlannedChange } | { ok: false; message: string } {
  const school = (code: string | undefined, typed: string | undefined) => {
    const member = schools.find((candidate) => candidate.code === code && code !== OTHER_SCHOOL);
    return member ? { name: member.name, code: member.code } : { name: (typed ?? "").trim(), code: null };
  };
  switch (input.intent) {
    case "student": {
      const chosen = school(input.schoolCode, input.studentSchool);
      const after = {
        studentFirst: input.studentFirst,
        studentLast: input.studentLast,
        school: chosen.name,
        schoolCode: chosen.code,
      };
      const parts: string[] = [];
      if (after.studentFirst !== now.studentFirst || after.studentLast !== now.studentLast)
        parts.push(
          `student's name changed from ${fullName(now.studentFirst, now.studentLast)} to ${fullName(after.studentFirst, after.studentLast)}`,
        );
      if (after.school !== now.school || after.schoolCode !== now.schoolCode)
        parts.push(`school changed from ${now.school || "none"} to ${after.school}`);
      if (parts.length === 0) return { ok: false, message: "That is what the entry already says: nothing to change." };
      return {
        ok: true,
        change: {
          kind: "student",
          before: pick(now, after),
          after,
          summary: sentence(parts),
        },
      };
    }
    case "partner": {
      if (!partnerRule(now.event)) return { ok: false, message: `${now.event} has no partner.` };
      const chosen = input.partnerSchoolCode
        ? school(input.partnerSchoolCode, input.partnerSchool)
        : input.partnerSchool
          ? { name: input.partnerSchool, code: null }
          : { name: now.school, code: now.schoolCode };
      const after = {
        partnerFirst: input.partnerFirst,
        partnerLast: input.partnerLast,
        partnerSchool: chosen.name,
        partnerSchoolCode: chosen.code,
      };
      const before = fullName(now.partnerFirst, now.partnerLast);
      const named = fullName(after.partnerFirst, after.partnerLast);
      const parts: string[] = [];
      if (named !== before)
        parts.push(before ? `partner changed from ${before} to ${named}` : `partner ${named} added`);
      if (after.partnerSchool !== now.partnerSchool || after.partnerSchoolCode !== now.partnerSchoolCode)
        parts.push(`partner's school changed from ${now.partnerSchool || "none"} to ${after.partnerSchool}`);
      if (parts.length === 0) return { ok: false, message: "That is what the entry already says: nothing to change." };
      return { ok: true, change: { kind: "partner", before: pick(now, after), after, summary: sentence(parts) } };
    }
    case "event": {
      if (input.event === now.event) return { ok: false, message: `The entry is already in ${now.event}.` };
      const rule = partnerRule(input.event);
      if (rule === "required" && !now.partnerFirst)
        return {
          ok: false,
          message: `${input.event} is entered with a partner: please contact the district to switch to it.`,
        };
      const after: Partial<EntryFields> = { event: input.event };
      // A partner stays only on an event that has partners.
      if (!rule && now.partnerFirst)
        Object.assign(after, { partnerFirst: null, partnerLast: null, partnerSchool: null, partnerSchoolCode: null });
      return {
        ok: true,
        change: {
          kind: "event",
          before: pick(now, after),
          after,
          summary: sentence([
            `event switched from ${now.event} to ${input.event}${after.partnerFirst === null ? ", without the partner" : ""}`,
          ]),
        },
      };
    }
  }
}

function pick(now: EntryFields, after: Partial<EntryFields>): Partial<EntryFields> {
  return Object.fromEntries(Object.keys(after).map((key) => [key, now[key as keyof EntryFields]]));
}

function sentence(parts: string[]): string {
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** An order row's columns and registration after `change` (what the roster and Tabroom's files read). */
export function appliedTo(
  order: { registration: RegistrationData | null; studentName: string | null; studentSchool: string | null },
  after: Partial<EntryFields>,
): {
  studentName: string | null;
  studentSchool: string | null;
  eventType?: string;
  registration: RegistrationData;
} {
  const data: RegistrationData = { ...order.registration };
  let studentName = order.studentName;
  let studentSchool = order.studentSchool;
  let eventType: string | undefined;
  if (after.studentFirst !== undefined && after.studentLast !== undefined) {
    data.studentFirst = after.studentFirst;
    data.studentLast = after.studentLast;
    data.nameUnsure = false;
    studentName = `${after.studentFirst} ${after.studentLast}`;
    data.studentName = studentName;
  }
  if (after.school !== undefined) {
    studentSchool = after.school;
    data.studentSchool = after.school;
    if (after.schoolCode) data.schoolCode = after.schoolCode;
    else delete data.schoolCode;
  }
  if (after.partnerFirst !== undefined) {
    for (const field of ["partnerFirst", "partnerLast", "partnerSchool", "partnerSchoolCode"] as const) {
      const value = after[field];
      if (value) data[field] = value;
      else delete data[field];
    }
    if (!after.partnerFirst) {
      delete data.partnerNovice;
      delete data.partnerEmail;
    }
  }
  if (after.event !== undefined) {
    eventType = after.event;
    data.competitionEvent = after.event;
  }
  return { studentName, studentSchool, registration: data, ...(eventType ? { eventType } : {}) };
}

import { singleLine } from "~/core/single-line";
import { z } from "~/core/zod";
import { OTHER_SCHOOL } from "~/features/tournaments/schools";
import { JUDGE_CATEGORIES } from "./categories";
import { judgeLimits, NO_SCHOOL, oneLineProblem } from "./rules";

export const judgeMessages = {
  tournament: "Please choose a tournament, or any tournament.",
  firstName: "Please enter the judge's first name.",
  lastName: "Please enter the judge's last name.",
  email: "Please enter a valid email address.",
  school: "Please choose a school from the list, or Other.",
  schoolName: "Please type the school's name (at least 2 characters).",
  categories: "Please choose at least one kind of event the judge can judge.",
  phone: "Phone may hold digits, +, spaces, dashes, dots and parentheses only.",
} as const;

/** A phone number as people write it (decision 0049); it is stored as its digits, so no formula rule applies. */
const PHONE = /^[0-9+\-(). ]*$/;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** One line of text: trimmed, within `max`, refusing what entries refuse (./rules.ts). */
const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .superRefine((value, context) => {
      const problem = oneLineProblem(value, label);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });

const optionalLine = (label: string, max: number) =>
  oneLine(label, max)
    .optional()
    .transform((value) => value || null);

/**
 * The public judge form. `tournaments` are the keys the server offers (with "any"); `schoolCodes` the member
 * schools' codes. The browser's copy leaves them out.
 */
export function judgeSchema(tournaments?: readonly string[], schoolCodes?: readonly string[]) {
  return z
    .object({
      tournament: z
        .string({ error: judgeMessages.tournament })
        .trim()
        .min(1, judgeMessages.tournament)
        .refine((key) => !tournaments || tournaments.includes(key), judgeMessages.tournament),
      firstName: z
        .string({ error: judgeMessages.firstName })
        .pipe(oneLine("First name", judgeLimits.name))
        .pipe(z.string().min(1, judgeMessages.firstName)),
      lastName: z
        .string({ error: judgeMessages.lastName })
        .pipe(oneLine("Last name", judgeLimits.name))
        .pipe(z.string().min(1, judgeMessages.lastName)),
      email: z
        .string({ error: judgeMessages.email })
        .trim()
        .max(judgeLimits.email, tooLong("Email", judgeLimits.email))
        .pipe(z.email(judgeMessages.email)),
      phone: singleLine(z.string().trim(), "Phone")
        .pipe(z.string().max(judgeLimits.phone, tooLong("Phone", judgeLimits.phone)).regex(PHONE, judgeMessages.phone))
        .optional()
        .transform((value) => (value ?? "").replace(/\D/g, "") || null),
      schoolCode: z
        .string({ error: judgeMessages.school })
        .trim()
        .refine(
          (code) =>
            code === OTHER_SCHOOL ||
            code === NO_SCHOOL ||
            (code !== "" && (!schoolCodes || schoolCodes.includes(code))),
          judgeMessages.school,
        ),
      schoolName: optionalLine("School", judgeLimits.school),
      categories: z
        .array(z.enum(JUDGE_CATEGORIES, { error: judgeMessages.categories }), { error: judgeMessages.categories })
        .min(1, judgeMessages.categories),
      note: optionalLine("Note", judgeLimits.note),
    })
    .superRefine(
      (value, context) => {
        if (!value || typeof value !== "object") return;
        if (value.schoolCode === OTHER_SCHOOL && (value.schoolName ?? "").length < 2)
          context.addIssue({ code: "custom", path: ["schoolName"], message: judgeMessages.schoolName });
      },
      { when: () => true },
    );
}

export type JudgeInput = z.input<ReturnType<typeof judgeSchema>>;
export type JudgeForm = z.output<ReturnType<typeof judgeSchema>>;

import type { RegistrationData } from "~/db/registration-data";

/**
 * One entry per student and event (docs/product.md#one-entry-per-student-and-event): the same student, as the student or as a partner, in the same event of
 * the same tournament is one entry too many. Names are compared folded: accents and other marks dropped, case,
 * punctuation and spacing aside ("José  Núñez" is "jose nunez"). Plain module: the roster reads it too.
 */
export function foldedName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** An entry as the rule reads it: where it is and who is in it. */
export type EntryPlace = { key: string; event: string };

/** The students of an entry (the student, then the partner if named), with their names as typed. */
export function entryStudents(data: RegistrationData | null | undefined, studentName?: string | null): string[] {
  const student =
    studentName ??
    data?.studentName ??
    ([data?.studentFirst, data?.studentLast].filter(Boolean).join(" ") || undefined);
  const partner = [data?.partnerFirst, data?.partnerLast].filter(Boolean).join(" ");
  return [student, partner].filter((name): name is string => !!name && foldedName(name) !== "");
}

/** A tournament entry's place and students, or null for a line that is not one (a judge fee, a T-shirt). */
export function entryOf(
  data: RegistrationData | null | undefined,
): (EntryPlace & { students: string[]; tournament: string }) | null {
  if (!data?.tournamentKey || !data.competitionEvent) return null;
  const students = entryStudents(data);
  if (students.length === 0) return null;
  return { key: data.tournamentKey, event: data.competitionEvent, students, tournament: data.tournament ?? "" };
}

/** A student of `wanted` who is also one of `existing`, named as `existing` has it (the entry made first), or null. */
export function sharedStudent(wanted: readonly string[], existing: readonly string[]): string | null {
  const asked = new Set(wanted.map(foldedName));
  return existing.find((name) => asked.has(foldedName(name))) ?? null;
}

/** Where the entry already made stands, as the refusal names it. */
export type ExistingEntry = {
  student: string;
  event: string;
  tournament: string;
  state: "in your cart" | "awaiting payment" | "paid";
  code: number | null;
};

/** The refusal naming the entry already made ("Eli Bar is already entered in Impromptu at Winter Open (entry 105)."). */
export function sameStudentMessage(entry: ExistingEntry): string {
  const where = `${entry.event} at ${entry.tournament}`;
  if (entry.state === "in your cart") return `${entry.student} is already in your cart for ${where}.`;
  const which =
    entry.state === "paid"
      ? entry.code === null
        ? "paid"
        : `entry ${entry.code}`
      : "awaiting payment in a checkout opened earlier";
  return `${entry.student} is already entered in ${where} (${which}). One student takes one entry per event.`;
}

/**
 * The roster's older duplicates: for each entry that repeats a student of an earlier entry of the same event, the
 * earlier entry's id. Entries in the order they were made; only those that hold a place count.
 */
export function duplicatesOf<T extends { id: string; event: string; students: readonly string[] }>(
  entries: readonly T[],
): Map<string, string> {
  const seen = new Map<string, string>();
  const repeats = new Map<string, string>();
  for (const entry of entries) {
    const names = entry.students.map((name) => `${entry.event}\n${foldedName(name)}`);
    const first = names.map((name) => seen.get(name)).find((id) => id !== undefined);
    if (first !== undefined) repeats.set(entry.id, first);
    for (const name of names) if (!seen.has(name)) seen.set(name, entry.id);
  }
  return repeats;
}

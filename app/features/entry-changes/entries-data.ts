import type { SubmissionResult } from "@conform-to/react";
import type { DropAnswer } from "./drops/drop-answer";
import type { EntryFields } from "./rules";

/** One entry as the family's page shows it (decision 0047). */
export type EntryView = {
  orderId: string;
  tournament: string;
  date: string;
  fields: EntryFields;
  code: number | null;
  status: "entered" | "dropped" | "refunded";
  /** Whether the entry may still be changed here, and until when (the last day, "Dec 1"). */
  open: boolean;
  closes: string;
  partner: "required" | "optional" | null;
  /** The other events of the tournament it may switch to (offered, with room). */
  switchTo: string[];
  /** Events offered but full, said under the switch form. */
  full: string[];
  pending: string[];
  history: Array<{ by: string; summary: string; status: string; at: string }>;
  approval: boolean;
  /** The tournament's refund policy for drops in plain words (decision 0048). */
  dropTerms: string;
  /** The judge form with the entry's school vouched for (decision 0049), while the entry is entered. */
  judgeForm: string | null;
};

export type EntriesPageData = {
  email: string;
  entries: EntryView[];
  schools: Array<{ code: string; name: string }>;
};

/** What the entries page's action answers: a notice, the entry it is about, and a form's field messages. */
export type EntriesAnswer = {
  ok: boolean;
  message: string;
  orderId?: string;
  intent?: string;
  result?: SubmissionResult<string[]>;
  /** A Drop's quote to confirm (decision 0048). */
  drop?: DropAnswer;
};

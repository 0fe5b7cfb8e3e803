import type { Actor } from "~/core/actor";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { tournamentJudgeSettings, type TournamentJudgeSettings } from "~/db/schema/judges";
import { auditedChange } from "~/features/accounts/audit.server";
import {
  CATEGORY_LABELS,
  DEFAULT_ENTRIES_PER_JUDGE,
  DEFAULT_JUDGES_PER_FEE,
  JUDGE_CATEGORIES,
  type JudgeCategory,
} from "./categories";
import type { JudgeRule } from "./obligations";

/** Tabroom's Rounds Obligated when staff set none (decision 0045): a district tournament's six prelims. */
export const DEFAULT_ROUNDS_OBLIGATED = 6;

/** A tournament's judge settings: its rule and the rounds each judge is obligated for. */
export type JudgeSettings = JudgeRule & { roundsObligated: number; saved: boolean };

export const DEFAULT_JUDGE_SETTINGS: JudgeSettings = {
  entriesPerJudge: { ...DEFAULT_ENTRIES_PER_JUDGE },
  judgesPerFee: DEFAULT_JUDGES_PER_FEE,
  roundsObligated: DEFAULT_ROUNDS_OBLIGATED,
  saved: false,
};

/** The settings of `key`, or the defaults. */
export async function judgeSettings(db: Database | Transaction, key: string): Promise<JudgeSettings> {
  const [row] = await db.select().from(tournamentJudgeSettings).where(eq(tournamentJudgeSettings.key, key));
  return settingsFromRow(row ?? null);
}

/** A settings row (as stored, or as JSON with its column names) with the defaults filled in; none: the defaults. */
export function settingsFromRow(
  row: Pick<TournamentJudgeSettings, "entriesPerJudge" | "judgesPerFee" | "roundsObligated"> | null,
): JudgeSettings {
  if (!row) return DEFAULT_JUDGE_SETTINGS;
  return {
    entriesPerJudge: { ...DEFAULT_ENTRIES_PER_JUDGE, ...row.entriesPerJudge },
    judgesPerFee: row.judgesPerFee,
    roundsObligated: row.roundsObligated ?? DEFAULT_ROUNDS_OBLIGATED,
    saved: true,
  };
}

type Parsed = { ok: true; value: Omit<JudgeSettings, "saved"> } | { ok: false; message: string };

/** The judge settings form (perJudge-<category>, judgesPerFee, roundsObligated) read, or its first problem. */
export function parseJudgeSettingsForm(form: FormData): Parsed {
  const whole = (name: string, label: string, min: number, max: number): number | string => {
    const raw = String(form.get(name) ?? "").trim();
    if (!/^\d{1,3}$/.test(raw) || Number(raw) < min || Number(raw) > max)
      return `${label} must be a whole number from ${min} to ${max}.`;
    return Number(raw);
  };
  const entriesPerJudge = {} as Record<JudgeCategory, number>;
  for (const category of JUDGE_CATEGORIES) {
    const value = whole(`perJudge-${category}`, `Entries per ${CATEGORY_LABELS[category]} judge`, 1, 99);
    if (typeof value === "string") return { ok: false, message: value };
    entriesPerJudge[category] = value;
  }
  const judgesPerFee = whole("judgesPerFee", "Judges per Judge Fee", 0, 20);
  if (typeof judgesPerFee === "string") return { ok: false, message: judgesPerFee };
  const roundsObligated = whole("roundsObligated", "Rounds obligated", 0, 30);
  if (typeof roundsObligated === "string") return { ok: false, message: roundsObligated };
  return { ok: true, value: { entriesPerJudge, judgesPerFee, roundsObligated } };
}

/** Saves a tournament's judge settings, audited. */
export async function saveJudgeSettings(
  db: Database,
  actor: Actor,
  key: string,
  value: Omit<JudgeSettings, "saved">,
): Promise<void> {
  await auditedChange(
    db,
    actor,
    async (tx) => {
      const values = { key, ...value, updatedAt: new Date(), updatedBy: actor.email };
      const [row] = await tx
        .insert(tournamentJudgeSettings)
        .values(values)
        .onConflictDoUpdate({ target: tournamentJudgeSettings.key, set: { ...values, key: sql`excluded.key` } })
        .returning();
      return row;
    },
    (row) => ({
      action: "tournament.judge_settings",
      details: {
        key: row.key,
        entriesPerJudge: row.entriesPerJudge,
        judgesPerFee: row.judgesPerFee,
        roundsObligated: row.roundsObligated,
      },
    }),
  );
}

import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { judges } from "~/db/schema/judges";
import type { JudgeCategory } from "./categories";
import { judgeFileRows } from "./judge-file";
import { judgeSettings } from "./settings.server";

/** The judge file's rows of a tournament and category: its confirmed judges only (pending and withdrawn left out). */
export async function tournamentJudgeFileRows(db: Database, key: string, category: JudgeCategory): Promise<string[][]> {
  const [settings, confirmed] = await Promise.all([
    judgeSettings(db, key),
    db
      .select()
      .from(judges)
      .where(and(eq(judges.tournamentKey, key), eq(judges.status, "confirmed"))),
  ]);
  return judgeFileRows(confirmed, category, settings.roundsObligated);
}

import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { judges } from "~/db/schema/judges";
import type { JudgeCategory } from "./categories";
import { judgeFileRows } from "./judge-file";
import { judgeSettings } from "./settings.server";
import { memberSchools } from "~/features/tournaments/schools.server";

/**
 * The judge file's rows of a tournament and category: its confirmed judges only (pending and withdrawn left out),
 * and of those named for a school only the ones someone vouched for (decision 0049): a judge waiting for the school
 * would count for it in Tabroom.
 */
export async function tournamentJudgeFileRows(db: Database, key: string, category: JudgeCategory): Promise<string[][]> {
  const [settings, confirmed] = await Promise.all([
    judgeSettings(db, key),
    db
      .select()
      .from(judges)
      .where(
        and(
          eq(judges.tournamentKey, key),
          eq(judges.status, "confirmed"),
          or(isNotNull(judges.vouchedBy), and(eq(judges.school, ""), isNull(judges.schoolCode))),
        ),
      ),
  ]);
  return judgeFileRows(confirmed, category, settings.roundsObligated, memberSchools());
}

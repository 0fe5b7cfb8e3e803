import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { env } from "~/core/env.server";
import { tryReadForm } from "~/core/form.server";
import { caughtByHoneypot } from "~/core/honeypot";
import { logger } from "~/core/logger.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { limitedAnswer } from "~/core/too-many";
import { takeRateLimit } from "~/db/rate-limit.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import type { JudgeActionData } from "./action-data";
import { judgeTournaments } from "./judges.server";
import { judgeSchool, nameJudge } from "./naming.server";
import { ANY_TOURNAMENT } from "./paths";
import { judgeSchema } from "./schema";
import { readSchoolPass } from "./school-pass.server";

/** Far above any real form (every field at its maximum is about 1 kB). */
const MAX_BODY_BYTES = 16 * 1024;

const reply = (body: JudgeActionData, status = 200, headers?: HeadersInit) => data(body, { status, headers });

/**
 * The judge form's action (decisions 0045, 0049): the honeypot and the contact form's limit per client address (its
 * own count), the schema with the tournaments and schools offered now, then the judge (one per person and
 * tournament) and their confirmation email (at most 3 a day to one address) in one transaction. Bad input is a 400 with the messages at their fields.
 */
export async function handleJudgeForm(request: Request, context: Readonly<RouterContextProvider>) {
  if (request.method !== "POST") return reply({ status: "error", message: "Send the form with POST." }, 405);
  const read = await tryReadForm(request, { maxBytes: MAX_BODY_BYTES });
  if (!read.ok) return reply({ status: "error", message: read.message }, read.status);
  const info = context.get(requestInfoContext);
  const log = logger.child({ requestId: info.requestId });
  if (caughtByHoneypot(read.form)) {
    // A bot filled the field people never see: answer as if sent, keep nothing.
    log.warn("judge form honeypot filled; dropped");
    return reply({ status: "sent", email: String(read.form.get("email") ?? ""), tournament: null });
  }
  const db = getDb(context);
  const [tournaments, schools] = [await judgeTournaments(db), memberSchools()];
  const submission = parseWithZod(read.form, {
    schema: judgeSchema(
      [...tournaments.map((tournament) => tournament.key), ANY_TOURNAMENT],
      schools.map((school) => school.code),
    ),
  });
  if (submission.status !== "success") return reply({ status: "invalid", result: submission.reply() }, 400);

  const config = env();
  const allowance = await takeRateLimit(db, `judge:ip:${info.clientAddress ?? "unknown"}`, {
    max: config.CONTACT_RATE_LIMIT_MAX,
    windowSeconds: config.CONTACT_RATE_LIMIT_WINDOW_MINUTES * 60,
  });
  if (!allowance.allowed) {
    const { message, status, headers } = limitedAnswer(
      allowance,
      (wait) =>
        `You have named several judges in a short time. Please wait ${wait}, or email us the names at ${config.CONTACT_EMAIL}.`,
    );
    return reply({ status: "error", message, result: submission.reply({ formErrors: [message] }) }, status, headers);
  }
  const tournament = tournaments.find((item) => item.key === submission.value.tournament) ?? null;
  // The school's own registration carries a pass naming the school (decision 0049): its judge is vouched for.
  const pass = tournament ? readSchoolPass(tournament.key, String(read.form.get("schoolPass") ?? "")) : null;
  const school = judgeSchool(submission.value, schools, pass);
  const vouched = pass && (school.school || school.schoolCode) ? "family" : null;
  const { judge, emailed } = await nameJudge(db, submission.value, school, tournament, vouched);
  log.info({ judgeId: judge.id, tournament: judge.tournamentKey, emailed, vouched }, "judge named");
  // The same answer whether or not the address's daily emails were spent: the form tells a visitor nothing more.
  return reply({ status: "sent", email: submission.value.email, tournament: tournament?.title ?? null });
}

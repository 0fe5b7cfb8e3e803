import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/core/env.server";
import { judgeFormPath } from "./paths";

/** The school a pass vouches for: a member school by its code, or a school typed under Other by its name. */
export type PassSchool = { code: string } | { typed: string };

const mac = (tournamentKey: string, payload: string) =>
  createHmac("sha256", env().SESSION_SECRET)
    .update(`citron:judge-school-pass:v1:${tournamentKey}:${payload}`)
    .digest("base64url")
    .slice(0, 22);

/**
 * The pass that the school's own registration carries to the judge form (decision 0049): the payment result and the
 * receipt of a paid entry link to /judge with it, so a judge named there is vouched for by the school's family. It
 * names one school for one tournament and is signed with SESSION_SECRET; it opens nothing else.
 */
export function schoolPass(tournamentKey: string, school: PassSchool): string {
  const payload = Buffer.from(JSON.stringify(school)).toString("base64url");
  return `${payload}.${mac(tournamentKey, payload)}`;
}

/** The school a pass names for `tournamentKey`, or null when it is not one the server wrote. */
export function readSchoolPass(tournamentKey: string, pass: string | null | undefined): PassSchool | null {
  if (!pass || pass.length > 400) return null;
  const [payload = "", given = ""] = pass.split(".");
  const expected = Buffer.from(mac(tournamentKey, payload));
  if (Buffer.from(given).length !== expected.length || !timingSafeEqual(Buffer.from(given), expected)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    if (typeof value.code === "string" && value.code) return { code: value.code };
    if (typeof value.typed === "string" && value.typed.trim()) return { typed: value.typed.trim() };
  } catch {
    // Not ours.
  }
  return null;
}

/**
 * The judge form's link from the school's own registration (the payment result, the receipt, the family's entries
 * link): the tournament chosen and the school's pass, so the judge named there counts for the school.
 */
export function schoolJudgeFormPath(
  tournamentKey: string,
  school: { school: string; schoolCode: string | null },
): string {
  return judgeFormPath(
    tournamentKey,
    schoolPass(tournamentKey, school.schoolCode ? { code: school.schoolCode } : { typed: school.school }),
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { formText, tryReadForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { limitedAnswer, limitedPage, type LimitVerdict } from "~/core/too-many";
import { memberSchools } from "~/features/tournaments/schools.server";
import { registrationToday } from "~/features/tournaments/settings.server";
import { familyChange, takeEntryAddressLimit, takeEntryChangeLimit, takeEntryLinkLimit } from "./changes.server";
import type { EntriesAnswer } from "./entries-data";
import { entryScopeByToken, type EntryScope } from "./link.server";
import { entryChangeSchema } from "./rules";
import { handleDropIntent } from "./drops/drop-action.server";

/**
 * As the monthly gift's manage page: never cached or indexed, and no other site sees the token in a referrer
 * (same-origin, not no-referrer: the page posts its own forms, and "Origin: null" would fail the cross-site check).
 */
export const privateHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
};

const answer = (body: EntriesAnswer, status = 200, headers: HeadersInit = {}) =>
  data(body, { status, headers: { ...privateHeaders, ...headers } });

/** A limit's refusal (app/core/too-many.ts): when to try again, at the entry the family was changing. */
const tooMany = (verdict: LimitVerdict, what: string, about: { orderId?: string; intent?: string } = {}) => {
  const limited = limitedAnswer(verdict, (wait) => `${what} Please try again in ${wait}, or contact the district.`);
  return answer({ ok: false, message: limited.message, ...about }, limited.status, limited.headers);
};

const TOO_MANY_VISITS = "Too many visits to this page in a short time.";
const TOO_MANY_CHANGES = "Too many changes to these entries in a short time.";

/** The entries page's loader refused by a limit: the error page says when to try again. */
export const limitedEntriesPage = (verdict: LimitVerdict) =>
  limitedPage(
    verdict,
    (wait) => `${TOO_MANY_VISITS} Please try again in ${wait}, or contact the district.`,
    privateHeaders,
  );

/** The entries link's page or post: counted per client address, then per link (decision 0047); a 404 for no link. */
export async function entryScopeOr404(
  context: Readonly<RouterContextProvider>,
  token: string,
): Promise<{ ok: true; scope: EntryScope } | { ok: false; limited: LimitVerdict }> {
  const db = getDb(context);
  const address = context.get(requestInfoContext).clientAddress ?? "unknown";
  const byAddress = await takeEntryAddressLimit(db, address);
  if (!byAddress.allowed) return { ok: false, limited: byAddress };
  const scope = await entryScopeByToken(db, token);
  if (!scope) throw data("Entries not found", { status: 404, headers: privateHeaders });
  const byLink = await takeEntryLinkLimit(db, scope.linkId);
  if (!byLink.allowed) return { ok: false, limited: byLink };
  return { ok: true, scope };
}

/**
 * The entries page's action: dispatches by `intent`. student, partner and event are a family's changes
 * (changes.server.ts); drop is the drops room's (./drops/drop-action.server.ts, decision 0048: the quote, then the
 * drop with the refund the policy allows). Drops apply at once even when the tournament wants approval (a withdrawal
 * is never refused).
 */
export async function handleEntriesAction(request: Request, context: Readonly<RouterContextProvider>, token: string) {
  // The body first, like every action: a body that is not a form is a 415/400 whatever the link.
  const read = await tryReadForm(request, { maxBytes: 16 * 1024 });
  if (!read.ok) return answer({ ok: false, message: read.message }, read.status);
  const found = await entryScopeOr404(context, token);
  if (!found.ok) return tooMany(found.limited, TOO_MANY_VISITS);
  const { scope } = found;
  const db = getDb(context);
  const today = registrationToday();
  const intent = formText(read.form, "intent");
  switch (intent) {
    case "student":
    case "partner":
    case "event": {
      const submission = parseWithZod(read.form, {
        schema: entryChangeSchema(memberSchools().map((school) => school.code)),
      });
      const orderId = formText(read.form, "orderId");
      if (submission.status !== "success")
        return answer(
          { ok: false, message: "Please check the fields marked below.", orderId, intent, result: submission.reply() },
          400,
        );
      const limit = await takeEntryChangeLimit(db, scope.linkId);
      if (!limit.allowed) return tooMany(limit, TOO_MANY_CHANGES, { orderId, intent });
      const outcome = await familyChange(db, scope, submission.value, today);
      if (outcome.ok)
        logger.info({ orderId, intent, applied: outcome.applied }, "family changed an entry through its link");
      return answer(
        {
          ok: outcome.ok,
          message: outcome.message,
          orderId,
          intent,
          result: submission.reply({ resetForm: outcome.ok }),
        },
        outcome.status,
      );
    }
    case "drop": {
      // The drops room (./drops, decision 0048): the quote first, then the drop with the refund shown.
      const outcome = await handleDropIntent(db, scope, read.form, today);
      if ("limited" in outcome)
        return tooMany(outcome.limited, TOO_MANY_CHANGES, { orderId: formText(read.form, "orderId"), intent });
      if (outcome.body.ok && outcome.body.message)
        logger.info({ orderId: outcome.body.orderId }, "family dropped an entry through its link");
      return answer(outcome.body, outcome.status);
    }
    default:
      return answer({ ok: false, message: "Please choose one of the buttons on this page." }, 400);
  }
}

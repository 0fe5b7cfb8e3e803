import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { ShopActionData } from "./action-data";
import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { formText, tryReadForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { retryAfterHeader, takeRateLimit } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import { CART_ANCHOR_PATH } from "~/core/cart-anchor";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { products } from "~/db/schema/catalogue";
import { getScheduleEvents } from "~/features/events/events.server";
import { registrationKindOf } from "~/features/products/registration-products";
import type { ToastMessage } from "~/ui/toast";
import { cartCookieHeader, newCartId } from "./cart/cart-cookie.server";
import { CartError, cartMessages } from "./cart/cart-messages";
import { addToCart, removeLine, setLineQuantity } from "./cart/cart-mutations.server";
import { issuedCartId } from "./cart/cart-ids.server";
import type { RegistrationData } from "~/db/registration-data";
import { NO_TOURNAMENTS_MESSAGE, scheduleFor } from "./registration/registration-rules";
import { registrationSchema, usesSchedule } from "./registration/registration-schema";
import { JS_FIELD } from "./shop-paths";
import { offerRefusal } from "~/features/tournaments/offer";
import { tournamentOffers } from "~/features/tournaments/settings.server";
import { entrySchoolsAndPartner, keepAsked } from "~/features/tournaments/entry";
import { memberSchools } from "~/features/tournaments/schools.server";

/** Far above any real cart form (every registration field at its maximum is under 2 kB). */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * New carts one client address may start per hour: far above a school lab
 * behind one address, far below what fills the carts table.
 */
export const NEW_CART_LIMIT = { max: 100, windowSeconds: 3600 };

const field = formText;

/**
 * The /fees action: add, change a quantity, remove. Every answer is decided
 * here from the catalogue; a posted price or name is never read. With
 * JavaScript (the `js` field) it answers with data for the fetcher; without,
 * a success redirects back to the cart (#your-cart) with a notice and a
 * refusal renders the page with its message and a 4xx.
 */
export async function handleShopAction(request: Request, context: Readonly<RouterContextProvider>) {
  const read = await tryReadForm(request, { maxBytes: MAX_BODY_BYTES });
  if (!read.ok)
    return data<ShopActionData>({ ok: false, intent: "unknown", message: read.message }, { status: read.status });
  const formData = read.form;
  const db = getDb(context);
  const { requestId, clientAddress } = context.get(requestInfoContext);
  const log = logger.child({ requestId });
  const withJs = formData.get(JS_FIELD) === "1";
  const intent = field(formData, "intent");
  const existingId = await issuedCartId(db, request);
  const cartId = existingId ?? newCartId();

  const refuse = (status: number, body: Omit<Extract<ShopActionData, { ok: false }>, "ok" | "intent">) =>
    data<ShopActionData>({ ok: false, intent, ...body }, { status });

  const succeed = async (notice: ToastMessage) => {
    // Every change renews the cookie's 30 days (and the first add sets it); no cart, no cookie.
    const headers = existingId || intent === "add" ? { "Set-Cookie": await cartCookieHeader(cartId) } : undefined;
    if (!withJs) return redirectWithToast(CART_ANCHOR_PATH, notice, { headers });
    return data<ShopActionData>({ ok: true, intent, notice }, { headers });
  };

  try {
    switch (intent) {
      case "add": {
        const productId = field(formData, "productId");
        if (!existingId) {
          const verdict = await takeRateLimit(db, `cart:new:ip:${clientAddress ?? "unknown"}`, NEW_CART_LIMIT).catch(
            (error: unknown) => {
              // The limit keeps a script from filling the carts table; it must not stop a real visitor.
              log.error({ err: error }, "cart rate limit check failed");
              return { allowed: true as const };
            },
          );
          if (!verdict.allowed) {
            log.warn("new-cart rate limit reached");
            return data<ShopActionData>(
              { ok: false, intent, message: cartMessages.tooManyCarts },
              { status: 429, headers: retryAfterHeader(verdict) },
            );
          }
        }
        const registration = await readRegistration(db, formData, productId);
        if (registration && "result" in registration) {
          return refuse(400, { message: registration.message, result: registration.result, productId });
        }
        if (registration && "closed" in registration) return refuse(409, { message: registration.message, productId });
        const { product } = await addToCart(db, cartId, { productId, registration: registration?.data ?? null });
        log.info({ productId: product.id }, "cart line added");
        return await succeed(cartMessages.added(product.name));
      }
      case "quantity": {
        const lineId = field(formData, "lineId");
        const raw = field(formData, "quantity").trim();
        if (!existingId) return refuse(404, { message: cartMessages.lineMissing, lineId });
        const quantity = /^-?\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
        const { removed } = await setLineQuantity(db, existingId, lineId, quantity);
        return await succeed(removed ? cartMessages.removed : cartMessages.updated);
      }
      case "remove": {
        if (existingId) await removeLine(db, existingId, field(formData, "lineId"));
        return await succeed(cartMessages.removed);
      }
      default:
        return refuse(400, { message: "Unknown cart action." });
    }
  } catch (error) {
    if (error instanceof CartError) {
      return refuse(error.status, {
        message: error.message,
        productId: field(formData, "productId") || undefined,
        lineId: field(formData, "lineId") || undefined,
      });
    }
    log.error({ err: error, intent }, "cart change failed");
    return refuse(503, { message: "Your cart could not be updated. Please try again." });
  }
}

/**
 * The registration details for a product that needs them, checked against
 * its dialog's schema and the future schedule events its form offers
 * (decision 0027); null for other products. A form that needs a tournament
 * when none is offered is closed (decision 0026).
 */
async function readRegistration(
  db: ReturnType<typeof getDb>,
  formData: FormData,
  productId: string,
): Promise<
  | { data: RegistrationData }
  | { message: string; result: SubmissionResult<string[]> }
  | { message: string; closed: true }
  | null
> {
  const kind = await productKind(db, productId);
  if (!kind) return null;
  const schedule = usesSchedule(kind) ? scheduleFor(kind, await getScheduleEvents(db)) : [];
  if (usesSchedule(kind) && schedule.length === 0) return { message: NO_TOURNAMENTS_MESSAGE, closed: true };
  const schools = kind === "tournamentEntry" ? memberSchools() : [];
  const submission = parseWithZod(formData, {
    schema: registrationSchema(
      kind,
      schedule.map((event) => event.id),
      schools.map((school) => school.code),
    ),
  });
  if (submission.status !== "success") {
    const result = submission.reply();
    const first =
      Object.values(submission.error ?? {})
        .flat()
        .find(Boolean) ?? cartMessages.registrationNeeded;
    return { message: first, result };
  }
  const value = submission.value as RegistrationData;
  let registration: RegistrationData =
    kind === "tournamentEntry" ? entrySchoolsAndPartner(value, schools) : { ...value };
  // Decision 0046: a novice mark or a student's email only where the tournament asks (its offer, read below).
  let asks = { novice: false, studentEmail: false };
  if (value.scheduleEvent) {
    const event = schedule.find((candidate) => candidate.id === value.scheduleEvent);
    if (event) {
      registration.tournament = event.title;
      registration.tournamentDate = event.date;
      // Decision 0040: the tournament's window, events and caps, whatever the browser sent.
      const [offer] = await tournamentOffers(db, [event]);
      if (offer) {
        asks = offer.asks;
        registration.tournamentKey = offer.key;
        const refusal = offerRefusal(offer, kind === "tournamentEntry" ? (value.competitionEvent ?? null) : null);
        if (refusal) return { message: refusal, closed: true };
      }
    }
  }
  if (kind === "tournamentEntry") registration = keepAsked(registration, asks);
  return { data: registration };
}

async function productKind(db: ReturnType<typeof getDb>, productId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(productId)) return null;
  const [product] = await db
    .select({ registrationKind: products.registrationKind })
    .from(products)
    .where(eq(products.id, productId));
  return product ? registrationKindOf(product) : null;
}

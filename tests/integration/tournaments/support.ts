import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";
import { eq } from "drizzle-orm";
import { CART_COOKIE } from "~/core/cart";
import { checkouts } from "~/db/schema";
import { fulfilCheckout } from "~/features/payments/checkout/checkout.server";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { readCartIdFromCookies } from "~/features/shop/cart/cart-cookie.server";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { getScheduleEvents } from "~/features/events/events.server";
import type { ShopActionData } from "~/features/shop/action-data";
import { action as feesAction, loader as feesLoader } from "~/routes/public/fees";
import { signedInAccount } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { openShopDatabase } from "#tests/support/testbed";

/** A New York calendar day `offset` days from today, as the sheet writes it ("Fri, Dec 4, 2026") and as ISO. */
export function sheetDay(offset: number) {
  const date = new Date(Date.now() + offset * 86_400_000);
  const zone = { timeZone: "America/New_York" } as const;
  return {
    sheet: date.toLocaleDateString("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      ...zone,
    }),
    iso: date.toLocaleDateString("en-CA", zone),
  };
}

/** The lines of a test sheet above its events: the title, the legend, and the column headings. */
export const SHEET_HEAD = [
  "Citron Online District Calendar,,,,,",
  "Legend,,Citron Quals,Speech,WSD,Hybrid Tournament",
  ",,,Debate,Congress,Yeshiva League",
  ",,,,,",
  ",,,,,",
  ",,,,,",
  "Date,Event,Registration Link,Topic,Time,Location",
];

/**
 * A sheet with two district tournaments, 30 and 60 days ahead. Winter's topic makes it a multi-event (hybrid)
 * tournament, so it offers every event by default (decision 0051); Spring is a speech tournament.
 */
export function writeTournamentSheet(dir: string) {
  const rows = [
    ...SHEET_HEAD,
    `"${sheetDay(30).sheet}",Winter Debate Tournament,,"Multi event: LD, PF, speech",10:00 AM,Zoom`,
    `"${sheetDay(60).sheet}",Spring Speech Tournament,,Interp,10:00 AM,Zoom`,
  ];
  const file = path.join(dir, "sheet.csv");
  writeFileSync(file, `${rows.join("\n")}\n`);
  return file;
}

/** A tournament test file's world: the shop's database, the sheet of writeTournamentSheet, an admin and a viewer. */
export type TournamentTestbed = {
  database: TestDatabase;
  ids: Record<string, string>;
  adminCookie: string;
  viewerCookie: string;
  /** Sets the environment again (the sheet, the site's address), with `values` over it. */
  setEnv(values?: Record<string, string>): void;
};

/**
 * Opens the testbed: a data folder named for `name`, the sheet in it, the shop's database, the two accounts signed
 * in, and the sheet read once (its first read runs in the background, and a busy machine may not have it yet).
 */
export async function openTournamentTestbed(name: string): Promise<TournamentTestbed> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `citron-${name}-`));
  const sheetFile = writeTournamentSheet(dir);
  const setEnv = (values: Record<string, string> = {}) =>
    setEnvForTests(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: dir,
        SESSION_SECRET: "s".repeat(40),
        EVENTS_SHEET_URL: sheetFile,
        PUBLIC_URL: "https://citron.example",
        ...values,
      }),
    );
  setEnv();
  const { database, ids } = await openShopDatabase();
  const adminCookie = (await signedInAccount(database.db, "director@example.org", "admin")).cookie;
  const viewerCookie = (await signedInAccount(database.db, "coach@example.org", "user")).cookie;
  await vi.waitFor(
    async () => {
      if ((await getScheduleEvents(database.db)).length === 0) throw new Error("the sheet is not read yet");
    },
    { timeout: 15_000 },
  );
  return { database, ids, adminCookie, viewerCookie, setEnv };
}

export type FeesAnswer = { status: number; data?: ShopActionData; cookie?: string };

/** Posts to /fees as the registration dialog's fetcher does. */
export async function postFees(
  database: TestDatabase,
  fields: Record<string, string>,
  cookie?: string,
): Promise<FeesAnswer> {
  const request = new Request("http://localhost/fees", {
    method: "POST",
    body: new URLSearchParams({ ...fields, js: "1" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
  const result = (await feesAction({ request, context: database.context(), params: {} } as never)) as unknown;
  const { data, init } = result as { data: ShopActionData; init?: { status?: number; headers?: HeadersInit } };
  const header = new Headers(init?.headers).getSetCookie().find((value) => value.startsWith(`${CART_COOKIE}=`));
  return { status: init?.status ?? 200, data, cookie: header?.split(";")[0] ?? cookie };
}

export async function loadFees(database: TestDatabase, cookie?: string) {
  const request = new Request("http://localhost/fees", cookie ? { headers: { Cookie: cookie } } : undefined);
  return feesLoader({ request, context: database.context(), params: {} } as never);
}

/** Checks the cart of `cookie` out as `email` and pays it in the sandbox; returns the paid checkout. */
export async function checkoutAndPay(database: TestDatabase, cookie: string, email = "parent@example.org") {
  const cartId = (await readCartIdFromCookies(cookie))!;
  const result = await checkoutCart(database.db, { cartId, email });
  if (!result.ok) throw new Error(result.message);
  const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
  await fulfilCheckout(database.db, checkout.id, {
    id: checkout.providerSessionId!,
    status: "complete",
    paymentStatus: "paid",
    amountTotal: checkout.totalAmount,
    checkoutId: checkout.id,
  });
  return checkout;
}

/** Adds an entry and expects it to be accepted; returns the cart's cookie. */
export async function addEntry(
  database: TestDatabase,
  productId: string,
  fields: Record<string, string>,
  cookie?: string,
) {
  const answer = await postFees(database, { intent: "add", productId, ...fields }, cookie);
  expect({ status: answer.status, data: answer.data }).toMatchObject({ status: 200, data: { ok: true } });
  return answer.cookie!;
}

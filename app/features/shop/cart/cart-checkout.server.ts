import { and, eq, inArray, sql } from "drizzle-orm";
import { CART_ANCHOR_PATH } from "~/core/cart-anchor";
import type { Database, Transaction } from "~/db/client.server";
import { carts, checkouts, type Checkout } from "~/db/schema";
import { cartHoldProblem } from "~/features/products/holds/hold-cap";
import { checkTournamentLines, tournamentLinesRefusal } from "~/features/tournaments/checkout-places.server";
import type { RegistrationData } from "~/db/registration-data";
import { lockTournamentEntries, sameStudentRefusal } from "~/features/tournaments/same-student/same-student.server";
import {
  CheckoutStop,
  closeOpenCheckouts,
  openCheckoutWith,
  type OpenCheckoutResult,
  type PreparedCheckout,
} from "~/features/payments/checkout/checkout.server";

/** The cart's open checkout is offered again, instead of a new one, while at least this long is left to pay it. */
export const REUSE_MIN_REMAINING_MS = 10 * 60_000;

type CartRow = {
  line_id: string;
  quantity: number;
  registration: RegistrationData | null;
  product_id: string | null;
  name: string | null;
  description: string | null;
  price: number | null;
  is_active: boolean | null;
  unlimited_stock: boolean | null;
  stock_count: number | null;
};

/**
 * docs/product.md's order fields from a line's registration data: the judge and
 * school fees put the school in student_school and the contact or advisor
 * in item_description. A line holds only its own form's fields (the form's
 * schema drops the rest), so the fields say which form it was, whatever the
 * product is called now.
 */
export function orderFieldsFor(_productName: string, registration: RegistrationData | null) {
  const data = registration ?? {};
  const school = data.studentSchool ?? data.schoolName ?? null;
  return {
    studentName: data.studentName ?? null,
    studentSchool: school,
    tournamentName: data.tournament ?? null,
    tournamentDate: data.tournamentDate ?? null,
    eventType: data.competitionEvent ?? data.event ?? null,
    itemDescription: data.schoolContact ?? data.facultyAdvisor ?? null,
    tournamentKey: data.tournamentKey ?? null,
  };
}

/**
 * The shop's Proceed to Checkout: inside the checkout transaction, locks the
 * cart's open checkouts and lines and re-reads the lines against the
 * catalogue (prices and names from products only).
 *
 * One cart has at most one open checkout. When the cart's open checkout
 * still matches the cart (same lines, prices and email, time left to pay),
 * the same checkout and payment page are offered again: a resubmitted form,
 * a second click or a return from the payment page's Cancel never holds the
 * stock twice. Otherwise the open one is closed ("replaced") and its stock
 * given back before the new one reserves, so a buyer never competes with
 * their own earlier checkout. Stops on an inactive, deleted or sold-out line
 * by name.
 */
export async function checkoutCart(
  db: Database,
  input: { cartId: string | null | undefined; email: string; clientAddress?: string | null },
): Promise<OpenCheckoutResult> {
  const email = input.email.trim();
  if (!email) return { ok: false, status: 400, message: "Please enter your email address to continue." };
  if (!input.cartId) return { ok: false, status: 400, message: "Please add items to your cart before checkout." };
  const cartId = input.cartId;
  return openCheckoutWith(db, CART_ANCHOR_PATH, async (tx): Promise<PreparedCheckout> => {
    // The cart row first: two Proceed to Checkout posts of one cart take turns here (the checkouts lock below
    // takes no row when none is open yet); the unique index on a cart's open checkout is the backstop.
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) throw new CheckoutStop("Please add items to your cart before checkout.", 400);
    // Checkouts next, then lines: fulfilment locks them in the same order.
    const mine = await tx
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.cartId, cartId), inArray(checkouts.status, ["open", "processing"])))
      .for("update");
    if (mine.some((checkout) => checkout.status === "processing")) {
      throw new CheckoutStop(
        "The payment for this cart is still being processed. You will get an email when it completes.",
      );
    }
    const open = mine;
    let rows = await lockedLines(tx, cartId);
    if (rows.length === 0) throw new CheckoutStop("Please add items to your cart before checkout.", 400);
    // Registration may have closed, or staff withdrawn an event, since the open checkout was made (decision 0044): it is
    // closed (its stock and places given back, its payment page expired) rather than offered again.
    const registration =
      open.length > 0
        ? await tournamentLinesRefusal(
            tx,
            rows.map((row) => row.registration),
          )
        : null;
    if (registration) {
      await closeOpenCheckouts(
        tx,
        open.map((checkout) => checkout.id),
        "expired",
      );
      return {
        refuse: {
          message: closedCheckoutMessage(registration),
          status: 409,
          closedSessionIds: open.flatMap((checkout) =>
            checkout.providerSessionId ? [checkout.providerSessionId] : [],
          ),
        },
      };
    }
    const reusable = open.length === 1 ? await stillMatches(tx, open[0]!, email, rows) : null;
    if (reusable) return { reuse: reusable };
    if (
      (
        await closeOpenCheckouts(
          tx,
          open.map((checkout) => checkout.id),
          "replaced",
        )
      ).length > 0
    ) {
      rows = await lockedLines(tx, cartId); // their stock is back
    }
    for (const row of rows) {
      if (!row.product_id || row.name === null) throw new CheckoutStop("an item in your cart is no longer available");
      if (!row.is_active) throw new CheckoutStop(`"${row.name}" is no longer available`);
      if (!row.unlimited_stock && (row.stock_count ?? 0) < row.quantity) {
        throw new CheckoutStop(
          row.stock_count ? `only ${row.stock_count} of "${row.name}" left` : `"${row.name}" is sold out`,
        );
      }
    }
    const capped = cartHoldProblem(
      rows.map((row) => ({
        productId: row.product_id!,
        name: row.name!,
        unlimitedStock: !!row.unlimited_stock,
        stockCount: row.stock_count,
        quantity: row.quantity,
      })),
    );
    if (capped) throw new CheckoutStop(capped.replace(/\.$/, ""));
    // One entry per student and event (docs/product.md#one-entry-per-student-and-event), whatever another cart or tab paid for meanwhile: under a lock per
    // tournament, held until this checkout's pending orders are committed.
    const registrations = rows.map((row) => row.registration);
    await lockTournamentEntries(tx, registrations);
    const repeated = await sameStudentRefusal(tx, registrations, { cartId });
    if (repeated) throw new CheckoutStop(repeated.replace(/\.$/, ""));
    // Tournament windows and entry caps (decision 0040): the places are held until this transaction commits.
    const places = await checkTournamentLines(
      tx,
      rows.map((row) => row.registration),
      { cartId, email, clientAddress: input.clientAddress ?? null },
    );
    if (places) throw new CheckoutStop(places);
    await tx.update(carts).set({ email, updatedAt: new Date() }).where(eq(carts.id, cartId));
    return {
      kind: "shop",
      email,
      cartId,
      clientAddress: input.clientAddress ?? null,
      lineItems: rows.map((row) => ({
        name: row.name!,
        ...(describe(row) ? { description: describe(row)! } : {}),
        unitAmount: row.price!,
        quantity: row.quantity,
      })),
      orders: rows.map((row) => {
        const fields = orderFieldsFor(row.name!, row.registration);
        return {
          itemName: row.name!,
          itemQuantity: row.quantity,
          totalAmount: row.price! * row.quantity,
          customerEmail: email,
          productId: row.product_id,
          registration: row.registration,
          ...fields,
          itemDescription: fields.itemDescription ?? row.description,
        };
      }),
      reservations: rows
        .filter((row) => !row.unlimited_stock)
        .map((row) => ({ productId: row.product_id!, quantity: row.quantity })),
      replacedSessionIds: open.flatMap((checkout) => (checkout.providerSessionId ? [checkout.providerSessionId] : [])),
    };
  });
}

/** The answer when the cart's open checkout was closed because an entry in it can no longer be paid. */
export function closedCheckoutMessage(refusal: string): string {
  return `${refusal}, so the payment page opened earlier for this cart was closed and takes no payment. Remove that entry from your cart to pay for the rest`;
}

/**
 * The cart's lines with their products as they are now, locked so a concurrent edit of the cart waits. A
 * registration is one entry whatever its line's quantity says (docs/product.md#shop-and-cart: a line saved with 2 before the rule was
 * charged twice for one entry).
 */
async function lockedLines(tx: Transaction, cartId: string): Promise<CartRow[]> {
  const result = await tx.execute(sql`
    select l.id as line_id, case when l.registration is null then l.quantity else 1 end as quantity, l.registration,
           p.id as product_id, p.name, p.description, p.price,
           p.is_active, p.unlimited_stock, p.stock_count
      from cart_lines l left join products p on p.id = l.product_id
     where l.cart_id = ${cartId}
     order by l.created_at, l.id
       for update of l`);
  return (result as unknown as { rows: CartRow[] }).rows;
}

/**
 * The open checkout when it still stands for this cart as it is: the same
 * email, the same products, quantities, amounts and registrations, a payment
 * page, and time left to pay. Null otherwise.
 */
async function stillMatches(tx: Transaction, checkout: Checkout, email: string, rows: CartRow[]) {
  const { providerUrl } = checkout;
  if (!providerUrl || !checkout.providerSessionId || checkout.email !== email) return null;
  if (rows.some((row) => !row.product_id || !row.is_active)) return null; // closed, then stopped by name
  if (checkout.expiresAt.getTime() - Date.now() < REUSE_MIN_REMAINING_MS) return null;
  const held = await tx.query.orders.findMany({ where: (table, { eq }) => eq(table.checkoutId, checkout.id) });
  const key = (
    productId: string | null,
    quantity: number,
    amount: number | null,
    registration: RegistrationData | null,
  ) => JSON.stringify([productId, quantity, amount, registration ? Object.entries(registration).sort() : null]);
  const wanted = rows
    .map((row) =>
      key(row.product_id, row.quantity, row.price === null ? null : row.price * row.quantity, row.registration),
    )
    .sort();
  const offered = held
    .map((order) => key(order.productId, order.itemQuantity, order.totalAmount, order.registration ?? null))
    .sort();
  return wanted.join("\n") === offered.join("\n") ? { ...checkout, providerUrl } : null;
}

/** The line's registration in one line for the provider's page ("Ana Li, Lincoln-Douglas (LD)"). */
function describe(row: CartRow): string | undefined {
  const data = row.registration;
  if (!data) return undefined;
  const partner = data.partnerFirst ? `${data.partnerFirst} ${data.partnerLast ?? ""}`.trim() : null;
  const who = data.studentName && partner ? `${data.studentName} & ${partner}` : (data.studentName ?? data.schoolName);
  const parts = [who, data.competitionEvent ?? data.event, data.tournament].filter(Boolean);
  return parts.length ? parts.join(", ").slice(0, 250) : undefined;
}

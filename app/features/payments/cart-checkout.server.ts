import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { carts } from "~/db/schema";
import { registrationKindOf } from "~/features/products/registration-products";
import type { RegistrationData } from "~/features/shop/registration-data";
import { CheckoutStop, openCheckoutWith, type OpenCheckoutInput, type OpenCheckoutResult } from "./checkout.server";

export const CART_CANCEL_PATH = "/fees#your-cart";

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
 * SPEC.md's order fields from a line's registration data: the judge and
 * school fees put the school in student_school and the contact or advisor
 * in item_description.
 */
export function orderFieldsFor(productName: string, registration: RegistrationData | null) {
  const data = registration ?? {};
  const kind = registrationKindOf(productName);
  const school = data.studentSchool ?? data.schoolName ?? null;
  return {
    studentName: data.studentName ?? null,
    studentSchool: school,
    tournamentName: data.tournament ?? null,
    tournamentDate: data.tournamentDate ?? null,
    eventType: data.competitionEvent ?? data.event ?? null,
    itemDescription:
      kind === "judgeFee"
        ? (data.schoolContact ?? null)
        : kind === "ylmcSchoolRegistration"
          ? (data.facultyAdvisor ?? null)
          : null,
  };
}

/**
 * The shop's Proceed to Checkout: inside the checkout transaction, locks the
 * cart's lines and re-reads them against the catalogue (prices and names
 * from products only), stops on an inactive, deleted or sold-out line by
 * name, and hands openCheckoutWith the line items, pending orders and the
 * stock to reserve.
 */
export async function checkoutCart(
  db: Database,
  input: { cartId: string | null | undefined; email: string },
): Promise<OpenCheckoutResult> {
  const email = input.email.trim();
  if (!email) return { ok: false, status: 400, message: "Please enter your email address to continue." };
  if (!input.cartId) return { ok: false, status: 400, message: "Please add items to your cart before checkout." };
  const cartId = input.cartId;
  return openCheckoutWith(db, CART_CANCEL_PATH, async (tx) => {
    // Lock the cart's lines, so a concurrent edit of the same cart waits for this checkout.
    const result = await tx.execute(sql`
      select l.id as line_id, l.quantity, l.registration, p.id as product_id, p.name, p.description, p.price,
             p.is_active, p.unlimited_stock, p.stock_count
        from cart_lines l left join products p on p.id = l.product_id
       where l.cart_id = ${cartId}
       order by l.created_at, l.id
         for update of l`);
    const rows = (result as unknown as { rows: CartRow[] }).rows;
    if (rows.length === 0) throw new CheckoutStop("Please add items to your cart before checkout.", 400);
    for (const row of rows) {
      if (!row.product_id || row.name === null) throw new CheckoutStop("an item in your cart is no longer available");
      if (!row.is_active) throw new CheckoutStop(`"${row.name}" is no longer available`);
      if (!row.unlimited_stock && (row.stock_count ?? 0) < row.quantity) {
        throw new CheckoutStop(
          row.stock_count
            ? `only ${row.stock_count} of "${row.name}" left`
            : `"${row.name}" is sold out`,
        );
      }
    }
    await tx.update(carts).set({ email, updatedAt: new Date() }).where(eq(carts.id, cartId));
    const prepared: Omit<OpenCheckoutInput, "cancelPath"> = {
      kind: "shop",
      email,
      cartId,
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
      reservations: rows.filter((row) => !row.unlimited_stock).map((row) => ({ productId: row.product_id!, quantity: row.quantity })),
    };
    return prepared;
  });
}

/** The line's registration in one line for the provider's page ("Ana Li, Lincoln-Douglas (LD)"). */
function describe(row: CartRow): string | undefined {
  const data = row.registration;
  if (!data) return undefined;
  const parts = [data.studentName ?? data.schoolName, data.competitionEvent ?? data.event, data.tournament].filter(Boolean);
  return parts.length ? parts.join(", ").slice(0, 250) : undefined;
}


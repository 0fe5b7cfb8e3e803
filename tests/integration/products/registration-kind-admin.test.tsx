import { eq, sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { action, loader } from "~/routes/admin/products";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { demoProducts } from "~/features/products/demo-seed.server";
import { ProductManagement, type AdminProductItem } from "~/features/products/manage/product-management";

// Decision 0027: staff choose a product's registration form in Manage Products.
describe("Manage Products: the registration form", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;

  async function call(body: Record<string, string>) {
    const request = browserRequest("/admin/products", admin.cookie, body);
    const result = (await action({ request, context: database.context(), params: {} } as never)) as {
      data: { ok: boolean; notice: { description?: string }; fieldErrors?: Record<string, string> };
      init: ResponseInit | null;
    };
    return { status: result.init?.status ?? 200, ...result.data };
  }
  const byName = async (name: string) => (await database.db.select().from(products).where(eq(products.name, name)))[0];
  const list = async () =>
    (
      (await loader({
        request: browserRequest("/admin/products", admin.cookie),
        context: database.context(),
        params: {},
      } as never)) as {
        products: AdminProductItem[];
      }
    ).products;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await signedInAccount(database.db, "director@example.org", "admin");
  });
  beforeEach(async () => {
    await database.db.delete(products);
    await database.db
      .insert(products)
      .values(demoProducts.slice(0, 2).map((product, index) => ({ ...product, displayOrder: index + 1 })));
  });
  afterAll(() => database.destroy());

  it("creates a product with the chosen form; a plain product by default", async () => {
    expect(
      await call({
        intent: "create",
        name: "Spring Judge Fee",
        price: "40",
        unlimitedStock: "on",
        registrationKind: "judgeFee",
      }),
    ).toMatchObject({ status: 200, ok: true });
    expect((await byName("Spring Judge Fee"))!.registrationKind).toBe("judgeFee");
    expect(await call({ intent: "create", name: "Hoodie", price: "40", unlimitedStock: "on" })).toMatchObject({
      ok: true,
    });
    expect((await byName("Hoodie"))!.registrationKind).toBe("none");
  });

  it("renaming keeps the form; choosing another changes it; a form without the field keeps it", async () => {
    const fee = (await byName("Citron Tournament Entry Fee"))!;
    const update = (fields: Record<string, string>) =>
      call({
        intent: "update",
        id: fee.id,
        name: "Citron Tournament Entry Fee (2027)",
        price: "25",
        unlimitedStock: "on",
        ...fields,
      });
    expect(await update({ registrationKind: "tournamentEntry" })).toMatchObject({ ok: true });
    expect((await byName("Citron Tournament Entry Fee (2027)"))!.registrationKind).toBe("tournamentEntry");
    expect(await update({})).toMatchObject({ ok: true });
    expect((await byName("Citron Tournament Entry Fee (2027)"))!.registrationKind).toBe("tournamentEntry");
    expect(await update({ registrationKind: "none" })).toMatchObject({ ok: true });
    expect((await byName("Citron Tournament Entry Fee (2027)"))!.registrationKind).toBe("none");
  });

  it("refuses a kind that is not on the list with 400 and a field message, writing nothing", async () => {
    for (const registrationKind of ["raffle", "NONE", "x".repeat(5000), "'; drop table products; --"]) {
      const reply = await call({ intent: "create", name: "Odd", price: "1", unlimitedStock: "on", registrationKind });
      expect(reply).toMatchObject({
        status: 400,
        ok: false,
        fieldErrors: { registrationKind: "Choose a registration form from the list" },
      });
    }
    expect(await byName("Odd")).toBeUndefined();
  });

  it("a save the database refuses says what went wrong, and writes nothing (docs/product.md#8-error-and-notice-texts)", async () => {
    await database.db.execute(
      sql`alter table products add constraint products_test_check check (name <> 'Refused Name')`,
    );
    try {
      const reply = await call({ intent: "create", name: "Refused Name", price: "1", unlimitedStock: "on" });
      expect(reply).toMatchObject({
        status: 500,
        ok: false,
        notice: {
          description:
            "Failed to create product: the database refused one of the values. Check the fields and try again.",
        },
      });
      expect(await byName("Refused Name")).toBeUndefined();
    } finally {
      await database.db.execute(sql`alter table products drop constraint products_test_check`);
    }
  });

  it("shows each product's form in the list, the table and the edit form (without JavaScript too)", async () => {
    const items = await list();
    expect(items.map((item) => item.registrationKind)).toEqual(["tournamentEntry", "judgeFee"]);
    const Page = () => <ProductManagement products={items} loadFailed={false} result={undefined} />;
    const Stub = createRoutesStub([{ path: "/admin/products", Component: Page }]);
    const html = renderToStaticMarkup(<Stub initialEntries={[`/admin/products?edit=${items[1]!.id}`]} />);
    expect(html).toContain(">Registration</th>");
    expect(html).toContain(">Tournament entry</td>");
    expect(html).toContain(">Judge</td>");
    expect(html).toMatch(/<select[^>]*name="registrationKind"/);
    expect(html).toMatch(/<option value="judgeFee" selected="">Judge<\/option>/);
  });
});

import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, productImages, products, rateLimits } from "~/db/schema";
import { action, loader } from "~/routes/admin/products";
import { loader as imageLoader } from "~/routes/resources/product-images";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { demoProducts } from "~/features/products/demo-seed.server";
import { storeUploadedImage } from "~/features/products/images/images.server";

type Reply = {
  intent: string;
  ok: boolean;
  notice: { type: string; title: string; description?: string };
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

async function png(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: "#d2df3f" } })
    .withExif({ IFD0: { Copyright: "secret camera owner" } })
    .png()
    .toBuffer();
}

describe("Manage Products actions", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let coach: Awaited<ReturnType<typeof signedInAccount>>;

  async function call(body: Record<string, string> | FormData, cookie = admin.cookie) {
    const request =
      body instanceof FormData
        ? new Request("http://localhost/admin/products", { method: "POST", headers: { Cookie: cookie }, body })
        : browserRequest("/admin/products", cookie, body);
    try {
      const result = (await action({ request, context: database.context(), params: {} } as never)) as {
        data: Reply;
        init: ResponseInit | null;
      };
      return { status: result.init?.status ?? 200, ...result.data };
    } catch (thrown) {
      const response = thrown as { init?: ResponseInit; status?: number };
      return { status: response.init?.status ?? response.status ?? 0, ok: false } as Reply & { status: number };
    }
  }
  const all = () => database.db.select().from(products).orderBy(asc(products.displayOrder));
  const byName = async (name: string) => (await database.db.select().from(products).where(eq(products.name, name)))[0];
  const create = (fields: Record<string, string>) =>
    call({ intent: "create", name: "Test Hoodie", price: "10", unlimitedStock: "on", ...fields });

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await signedInAccount(database.db, "director@example.org", "admin");
    coach = await signedInAccount(database.db, "coach@example.org", "user");
  });
  beforeEach(async () => {
    await database.db.delete(products);
    await database.db
      .insert(products)
      .values(demoProducts.slice(0, 4).map((product, index) => ({ ...product, displayOrder: index + 1 })));
  });
  afterAll(() => database.destroy());

  it("refuses non-admins with 403 and changes nothing", async () => {
    const before = await all();
    for (const form of <Record<string, string>[]>[
      { intent: "create", name: "Sneaky", price: "1", unlimitedStock: "on" },
      { intent: "toggle", id: before[0]!.id },
      { intent: "delete", id: before[0]!.id },
      { intent: "move", id: before[0]!.id, direction: "down" },
    ]) {
      expect((await call(form, coach.cookie)).status).toBe(403);
    }
    expect(await all()).toEqual(before);
  });

  it("lists every product in display order for an admin", async () => {
    const data = (await loader({
      request: browserRequest("/admin/products", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      products: { name: string; price: string; stock: { label: string } }[];
    };
    expect(data.products.map((product) => [product.name, product.price])).toEqual([
      ["Citron Tournament Entry Fee", "$25.00"],
      ["Judge Fee", "$40.00"],
      ["YLMC Student Entry Fee", "$35.00"],
      ["YLMUN Entry Fee", "$35.00"],
    ]);
    expect(data.products[0]!.stock.label).toBe("Unlimited Stock Available");
  });

  it.each([
    ["0", 0],
    ["0.01", 1],
    ["19.99", 1999],
    ["1e3", 100000],
    ["4.5", 450],
  ])("stores price %s as %i cents", async (price, cents) => {
    const reply = await create({ price, name: `Priced ${price}` });
    expect(reply).toMatchObject({ status: 200, ok: true, notice: { description: "Product created successfully" } });
    expect((await byName(`Priced ${price}`))!.price).toBe(cents);
  });

  it.each([
    ["-1", "Price cannot be negative"],
    ["ten", "Price must be a number"],
    ["", "Price is required"],
    ["1.005", "Price can have at most two decimal places"],
  ])("refuses price %j with a message next to the field", async (price, message) => {
    const reply = await create({ price });
    expect(reply.status).toBe(400);
    expect(reply.fieldErrors?.price).toBe(message);
    expect(reply.notice.description).toBe("Failed to create product");
    expect(await byName("Test Hoodie")).toBeUndefined();
  });

  it("trims the name, requires it, and stores empty optionals as null", async () => {
    expect((await create({ name: "   " })).fieldErrors?.name).toBe("Name is required");
    await create({ name: "  Scarf  ", description: "  ", category: "" });
    const row = await byName("Scarf");
    expect(row).toMatchObject({ description: null, category: null, imageUrl: null, isActive: true, displayOrder: 5 });
  });

  it("follows the stock rules: unlimited stores null, limited needs a whole number >= 0", async () => {
    await create({ name: "Unlimited", stockCount: "7" });
    expect((await byName("Unlimited"))!).toMatchObject({ unlimitedStock: true, stockCount: null });
    const limited = { intent: "create", name: "Limited", price: "5" };
    expect((await call({ ...limited })).fieldErrors?.stockCount).toBe("Stock count is required when stock is limited");
    expect((await call({ ...limited, stockCount: "-2" })).fieldErrors?.stockCount).toMatch(/whole number/);
    expect((await call({ ...limited, stockCount: "2.5" })).fieldErrors?.stockCount).toMatch(/whole number/);
    expect((await call({ ...limited, stockCount: "0" })).ok).toBe(true);
    expect((await byName("Limited"))!).toMatchObject({ unlimitedStock: false, stockCount: 0 });
  });

  it("updates a product and records before and after in the audit log", async () => {
    const judge = (await byName("Judge Fee"))!;
    const reply = await call({ intent: "update", id: judge.id, name: "Judge Fee", price: "45.50", stockCount: "3" });
    expect(reply).toMatchObject({ ok: true, notice: { description: "Product updated successfully" } });
    expect((await byName("Judge Fee"))!).toMatchObject({ price: 4550, unlimitedStock: false, stockCount: 3 });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "product.update"));
    expect(entry).toMatchObject({ actorEmail: "director@example.org" });
    expect(entry!.details).toMatchObject({ before: { price: 4000 }, after: { price: 4550, stockCount: 3 } });
  });

  it("toggles active and says which way", async () => {
    const fee = (await byName("Judge Fee"))!;
    expect((await call({ intent: "toggle", id: fee.id })).notice.description).toBe("Product deactivated successfully");
    expect((await byName("Judge Fee"))!.isActive).toBe(false);
    expect((await call({ intent: "toggle", id: fee.id })).notice.description).toBe("Product activated successfully");
    expect((await call({ intent: "toggle", id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });

  it("deletes a product and closes the gap in display order", async () => {
    const judge = (await byName("Judge Fee"))!;
    const reply = await call({ intent: "delete", id: judge.id });
    expect(reply).toMatchObject({ ok: true, notice: { description: "Product deleted successfully" } });
    expect((await all()).map((row) => [row.name, row.displayOrder])).toEqual([
      ["Citron Tournament Entry Fee", 1],
      ["YLMC Student Entry Fee", 2],
      ["YLMUN Entry Fee", 3],
    ]);
  });

  it("reorders as 1..n and refuses a missing, repeated or foreign id", async () => {
    const ids = (await all()).map((row) => row.id);
    const reversed = ids.toReversed();
    const form = (list: string[]) => {
      const body = new URLSearchParams({ intent: "reorder" });
      for (const id of list) body.append("ids", id);
      return body;
    };
    const post = async (list: string[]) => {
      const request = new Request("http://localhost/admin/products", {
        method: "POST",
        headers: { Cookie: admin.cookie },
        body: form(list),
      });
      const result = (await action({ request, context: database.context(), params: {} } as never)) as {
        data: Reply;
        init: ResponseInit | null;
      };
      return { status: result.init?.status ?? 200, ...result.data };
    };
    expect(await post(reversed)).toMatchObject({
      ok: true,
      notice: { description: "Product order updated successfully" },
    });
    expect((await all()).map((row) => [row.id, row.displayOrder])).toEqual(
      reversed.map((id, index) => [id, index + 1]),
    );
    for (const bad of [
      reversed.slice(1),
      [...reversed.slice(1), reversed[1]!],
      [...reversed.slice(1), "00000000-0000-4000-8000-000000000000"],
    ]) {
      const reply = await post(bad);
      expect(reply).toMatchObject({
        status: 409,
        ok: false,
        notice: { description: "Failed to update product order" },
      });
    }
    expect((await all()).map((row) => row.id)).toEqual(reversed);
  });

  it("moves one step up or down, and not past either end", async () => {
    const [first, second] = await all();
    expect((await call({ intent: "move", id: first!.id, direction: "down" })).ok).toBe(true);
    expect((await all()).slice(0, 2).map((row) => row.id)).toEqual([second!.id, first!.id]);
    expect((await call({ intent: "move", id: second!.id, direction: "up" })).status).toBe(400);
  });

  describe("images", () => {
    function withImage(
      bytes: Uint8Array | Buffer,
      fileName: string,
      type: string,
      fields: Record<string, string> = {},
    ) {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        intent: "create",
        name: "Pictured",
        price: "12",
        unlimitedStock: "on",
        ...fields,
      })) {
        form.set(key, value);
      }
      form.set("image", new File([new Uint8Array(bytes)], fileName, { type }));
      return form;
    }

    it("re-encodes an upload to WebP at 160 and 640 px without metadata, served a year immutable", async () => {
      const reply = await call(withImage(await png(), "photo.png", "image/png"));
      expect(reply).toMatchObject({ ok: true });
      const row = (await byName("Pictured"))!;
      expect(row.imageUrl).toMatch(/^\/product-images\/[a-f0-9]{32}-640\.webp$/);
      const stored = await database.db.select().from(productImages);
      expect(stored.map((image) => image.width).sort((a, b) => a - b)).toEqual([160, 640]);
      const file = row.imageUrl!.split("/").pop()!;
      const response = (await imageLoader({
        params: { file },
        context: database.context(),
        request: new Request("http://localhost/"),
      } as never)) as Response;
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: 640, height: 480 });
      expect(metadata.exif).toBeUndefined();
    });

    it.each([
      ["a PNG renamed .jpg", async () => png(), "photo.jpg", "image/jpeg", "Invalid file type"],
      [
        "a text file named .png",
        async () => Buffer.from("hello, I am not a picture"),
        "notes.png",
        "image/png",
        "Invalid file type",
      ],
      [
        "an SVG with a script",
        async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "logo.svg",
        "image/svg+xml",
        "Invalid file type",
      ],
      [
        "a 6 MB image",
        async () => Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]),
        "big.png",
        "image/png",
        "File too large",
      ],
    ])("refuses %s", async (_label, make, fileName, type, title) => {
      const reply = await call(withImage(await make(), fileName, type));
      expect(reply.ok).toBe(false);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.notice.title).toBe(title);
      expect(await byName("Pictured")).toBeUndefined();
    });

    // QA: without JavaScript a 5.7 MB image answered "File too large" but closed and emptied the form.
    it("refuses an image over 5 MB but under the upload limit with the whole form kept as typed", async () => {
      // As a browser sends it: the fields, the file, then the submit button.
      const imagesBefore = (await database.db.select().from(productImages)).length;
      const form = new FormData();
      const typed = {
        name: "Oversized Tee",
        description: "Heather grey.",
        price: "21.50",
        category: "apparel",
        stockCount: "12",
      };
      for (const [key, value] of Object.entries(typed)) form.set(key, value);
      form.set(
        "image",
        new File([new Uint8Array(Buffer.concat([await png(), Buffer.alloc(5.5 * 1024 * 1024)]))], "tee.png", {
          type: "image/png",
        }),
      );
      form.set("imageUrl", "");
      form.set("intent", "create");
      const reply = await call(form);
      expect(reply).toMatchObject({
        status: 413,
        ok: false,
        intent: "create",
        notice: { title: "File too large", description: "Image must be less than 5MB" },
        fieldErrors: { image: "File too large: Image must be less than 5MB" },
        values: typed,
      });
      expect(await byName("Oversized Tee")).toBeUndefined();
      expect(await database.db.select().from(productImages)).toHaveLength(imagesBefore);
    });

    it("names the refused file's problem next to the image field", async () => {
      const reply = await call(withImage(Buffer.from("hello"), "notes.txt", "text/plain"));
      expect(reply).toMatchObject({
        status: 422,
        intent: "create",
        fieldErrors: { image: "Invalid file type: Please upload an image file (jpg, png, gif, etc.)" },
        values: { name: "Pictured", price: "12" },
      });
    });

    it("sends at most 30 images an hour per account through the pipeline, counted before decoding (decision 0044)", async () => {
      await database.db.delete(rateLimits); // the hour starts here (tests before uploaded some)
      try {
        for (let n = 0; n < 30; n++)
          expect((await call(withImage(Buffer.from("hello"), "notes.txt", "text/plain"))).status).toBe(422);
        const reply = await call(withImage(await png(), "photo.png", "image/png"));
        expect(reply).toMatchObject({
          status: 429,
          fieldErrors: {
            image: expect.stringMatching(
              /^Too many images: One account can upload at most 30 images an hour\. Please try again in \d+ minutes\.$/,
            ),
          },
        });
        expect(await byName("Pictured")).toBeUndefined();
        // A URL to fetch counts the same; another account has its own hour.
        expect((await create({ name: "Pictured", imageUrl: "https://127.0.0.1/logo.png" })).status).toBe(429);
        const other = await signedInAccount(database.db, "second-admin@example.org", "admin");
        expect(await call(withImage(await png(), "photo.png", "image/png"), other.cookie)).toMatchObject({ ok: true });
        // The site editor's and campaigns' uploads go through the same count.
        const picture = new File([new Uint8Array(await png())], "photo.png", { type: "image/png" });
        expect(await storeUploadedImage(database.db, picture, "site content picture", admin.id)).toMatchObject({
          ok: false,
          status: 429,
        });
      } finally {
        await database.db.delete(rateLimits);
      }
    });

    it.each([
      ["https://127.0.0.1/logo.png", "The image URL points to a private or local address."],
      ["https://[::1]/logo.png", "The image URL points to a private or local address."],
      ["https://10.1.2.3/logo.png", "The image URL points to a private or local address."],
      ["http://example.org/logo.png", "The image URL must start with https://."],
    ])("refuses the image URL %s", async (imageUrl, message) => {
      const reply = await create({ name: "Pictured", imageUrl });
      expect(reply).toMatchObject({ ok: false, notice: { title: "Image Upload Failed", description: message } });
      expect(await byName("Pictured")).toBeUndefined();
    });

    it("keeps the image on edit unless it is removed", async () => {
      await call(withImage(await png(), "photo.png", "image/png"));
      const row = (await byName("Pictured"))!;
      await call({ intent: "update", id: row.id, name: "Pictured", price: "13", unlimitedStock: "on" });
      expect((await byName("Pictured"))!.imageUrl).toBe(row.imageUrl);
      await call({
        intent: "update",
        id: row.id,
        name: "Pictured",
        price: "13",
        unlimitedStock: "on",
        removeImage: "on",
      });
      expect((await byName("Pictured"))!.imageUrl).toBeNull();
    });
  });
});

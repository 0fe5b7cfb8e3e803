import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImages, products, siteContentDrafts, siteContentVersions } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { demoProducts } from "../demo-seed.server";
import { pruneUnusedImages } from "./image-sweep.server";
import { PRODUCT_IMAGE_WIDTHS, productImageUrl } from "./product-image";

const DAY = 24 * 60 * 60_000;

describe("unused image sweep", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("deletes both variants of images no product shows once a day old, and keeps shown and fresh ones", async () => {
    const { db } = database;
    const now = new Date();
    const hash = (letter: string) => letter.repeat(32);
    const stored = (letter: string, daysAgo: number) =>
      PRODUCT_IMAGE_WIDTHS.map((width) => ({
        key: `${hash(letter)}-${width}.webp`,
        contentType: "image/webp",
        width,
        height: width,
        bytes: new Uint8Array([1, 2, 3]),
        createdAt: new Date(now.getTime() - daysAgo * DAY),
      }));
    await db.insert(productImages).values([
      ...stored("a", 30), // shown by a product
      ...stored("b", 30), // replaced long ago
      ...stored("c", 0.5), // just stored: its product may be being saved
      ...stored("d", 2), // its product was deleted
    ]);
    await db.insert(products).values([
      { ...demoProducts[0]!, displayOrder: 1, imageUrl: productImageUrl(hash("a"), 640) },
      // A product whose image is elsewhere never keeps a stored one alive by accident.
      { ...demoProducts[1]!, displayOrder: 2, imageUrl: "https://example.org/dddddddd.webp" },
    ]);

    expect(await pruneUnusedImages(db, now)).toBe(4);
    const keys = (await db.select({ key: productImages.key }).from(productImages)).map((row) => row.key).sort();
    expect(keys).toEqual([...stored("a", 0), ...stored("c", 0)].map((row) => row.key).sort());
    expect(await pruneUnusedImages(db, now)).toBe(0);

    // A day later the fresh one goes too, as no product took it; the shown one stays.
    expect(await pruneUnusedImages(db, new Date(now.getTime() + DAY))).toBe(2);
    expect((await db.select({ key: productImages.key }).from(productImages)).map((row) => row.key)).toEqual(
      expect.arrayContaining(stored("a", 0).map((row) => row.key)),
    );
  });

  it("keeps pictures that site content shows: in a published version or in a draft (decision 0039)", async () => {
    const { db } = database;
    await db.delete(products);
    await db.delete(productImages);
    const now = new Date();
    const old = new Date(now.getTime() - 30 * DAY);
    const variant = (letter: string) => ({
      key: `${letter.repeat(32)}-640.webp`,
      contentType: "image/webp",
      width: 640,
      height: 640,
      bytes: new Uint8Array([1]),
      createdAt: old,
    });
    await db.insert(productImages).values([variant("e"), variant("f"), variant("9")]);
    const photo = (letter: string) => ({ photo: { src: productImageUrl(letter.repeat(32), 640), alt: "A coach" } });
    await db.insert(siteContentVersions).values({
      section: "team",
      version: 1,
      document: { coaches: [photo("e")] },
      publishedByEmail: "director@example.org",
      note: "publish",
    });
    await db.insert(siteContentDrafts).values({
      section: "team",
      document: { coaches: [photo("f")] },
      baseVersion: 1,
      updatedByEmail: "director@example.org",
    });
    expect(await pruneUnusedImages(db, now)).toBe(1);
    const keys = (await db.select({ key: productImages.key }).from(productImages)).map((row) => row.key).sort();
    expect(keys).toEqual([variant("e").key, variant("f").key]);
  });
});

-- Decision 0024: before the unique index on a cart's open checkout, close all but the newest open checkout
-- of each cart (a race could open two), as Proceed to Checkout's "replaced" does: its orders fail and the
-- stock it held comes back.
CREATE TEMP TABLE "duplicate_open_checkouts" ON COMMIT DROP AS
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "cart_id" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
      FROM "checkouts" WHERE "status" = 'open' AND "cart_id" IS NOT NULL
  ) AS "ranked" WHERE "rank" > 1;
--> statement-breakpoint
UPDATE "checkouts" SET "status" = 'failed', "failure_reason" = 'replaced', "updated_at" = now()
 WHERE "id" IN (SELECT "id" FROM "duplicate_open_checkouts");
--> statement-breakpoint
UPDATE "orders" SET "status" = 'failed' WHERE "checkout_id" IN (SELECT "id" FROM "duplicate_open_checkouts");
--> statement-breakpoint
UPDATE "products" AS "p" SET "stock_count" = "p"."stock_count" + "r"."quantity"
  FROM (SELECT "product_id", sum("quantity")::int AS "quantity" FROM "stock_reservations"
         WHERE "checkout_id" IN (SELECT "id" FROM "duplicate_open_checkouts") GROUP BY "product_id") AS "r"
 WHERE "p"."id" = "r"."product_id" AND "p"."stock_count" IS NOT NULL;
--> statement-breakpoint
DELETE FROM "stock_reservations" WHERE "checkout_id" IN (SELECT "id" FROM "duplicate_open_checkouts");

ALTER TABLE "stock_reservations" ADD COLUMN "holder_address" text;--> statement-breakpoint
CREATE INDEX "stock_reservations_product_id_idx" ON "stock_reservations" USING btree ("product_id");
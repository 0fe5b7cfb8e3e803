DROP INDEX "checkouts_open_cart_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_open_cart_id_key" ON "checkouts" USING btree ("cart_id") WHERE status = 'open';
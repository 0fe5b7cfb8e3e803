CREATE INDEX "orders_dropped_at_idx" ON "orders" USING btree ("dropped_at") WHERE dropped_at is not null;--> statement-breakpoint
CREATE INDEX "refunds_created_at_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "monthly_gift_payments_checkout_id_idx" ON "monthly_gift_payments" USING btree ("checkout_id");
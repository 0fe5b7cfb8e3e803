ALTER TABLE "orders" ADD COLUMN "dispute_lost_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_dispute_lost_idx" ON "orders" USING btree ("created_at") WHERE dispute_lost_amount > 0;
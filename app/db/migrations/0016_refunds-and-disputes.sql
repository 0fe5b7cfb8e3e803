CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"allocation" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_refund_id" text,
	"request_key" text,
	"checkout_id" uuid NOT NULL,
	"order_id" uuid,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"actor_email" text,
	"allocation" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "refunds_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "order_tallies" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tallies" ADD COLUMN "disputed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tallies" ADD COLUMN "refunded_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_checkout_id_idx" ON "disputes" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "refunds_checkout_id_idx" ON "refunds" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_amount_check" CHECK (refunded_amount >= 0 and refunded_amount <= total_amount);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_disputed_amount_check" CHECK (disputed_amount >= 0 and disputed_amount <= total_amount);
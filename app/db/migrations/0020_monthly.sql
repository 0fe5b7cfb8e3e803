CREATE TABLE "monthly_gift_payments" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"monthly_gift_id" uuid NOT NULL,
	"checkout_id" uuid,
	"amount" integer NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"first_checkout_id" uuid,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"manage_token" text NOT NULL,
	"started_at" timestamp with time zone,
	"next_charge_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"last_failure_notice" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_gifts_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "monthly_gifts_manage_token_unique" UNIQUE("manage_token"),
	CONSTRAINT "monthly_gifts_amount_check" CHECK (amount_cents >= 100 and fee_cents >= 0),
	CONSTRAINT "monthly_gifts_status_check" CHECK (status in ('pending', 'active', 'paused', 'past_due', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "monthly_gift_payments" ADD CONSTRAINT "monthly_gift_payments_monthly_gift_id_monthly_gifts_id_fk" FOREIGN KEY ("monthly_gift_id") REFERENCES "public"."monthly_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gift_payments" ADD CONSTRAINT "monthly_gift_payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_first_checkout_id_checkouts_id_fk" FOREIGN KEY ("first_checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monthly_gift_payments_gift_idx" ON "monthly_gift_payments" USING btree ("monthly_gift_id","paid_at");--> statement-breakpoint
CREATE INDEX "monthly_gifts_status_idx" ON "monthly_gifts" USING btree ("status","started_at");
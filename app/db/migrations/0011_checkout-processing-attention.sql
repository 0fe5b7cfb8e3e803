CREATE TABLE "payments_needing_attention" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reason" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"provider_payment_id" text,
	"checkout_id" uuid,
	"amount" integer,
	"currency" text,
	"email" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_needing_attention_reason_check" CHECK (reason in ('paid_after_close', 'amount_mismatch', 'currency_mismatch', 'session_mismatch'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_status_check";--> statement-breakpoint
ALTER TABLE "payments_needing_attention" ADD CONSTRAINT "payments_needing_attention_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_needing_attention_session_reason_key" ON "payments_needing_attention" USING btree ("provider_session_id","reason");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status_check" CHECK (status in ('open', 'processing', 'completed', 'failed'));
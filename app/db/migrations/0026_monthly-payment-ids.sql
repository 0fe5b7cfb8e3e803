ALTER TABLE "payments_needing_attention" DROP CONSTRAINT "payments_needing_attention_reason_check";--> statement-breakpoint
ALTER TABLE "monthly_gift_payments" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "monthly_gift_payments" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "monthly_gift_payments" ADD CONSTRAINT "monthly_gift_payments_payment_intent_id_unique" UNIQUE("payment_intent_id");--> statement-breakpoint
ALTER TABLE "monthly_gift_payments" ADD CONSTRAINT "monthly_gift_payments_charge_id_unique" UNIQUE("charge_id");--> statement-breakpoint
ALTER TABLE "payments_needing_attention" ADD CONSTRAINT "payments_needing_attention_reason_check" CHECK (reason in ('paid_after_close', 'amount_mismatch', 'currency_mismatch', 'session_mismatch', 'unmatched_refund', 'unmatched_dispute'));
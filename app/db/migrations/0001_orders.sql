CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_name" text NOT NULL,
	"item_description" text,
	"item_quantity" integer DEFAULT 1 NOT NULL,
	"student_name" text,
	"student_school" text,
	"tournament_name" text,
	"tournament_date" text,
	"event_type" text,
	"total_amount" integer NOT NULL,
	"customer_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "orders_status_check" CHECK (status in ('completed', 'pending', 'failed')),
	CONSTRAINT "orders_total_amount_check" CHECK (total_amount >= 0),
	CONSTRAINT "orders_item_quantity_check" CHECK (item_quantity >= 1)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"reply_to" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_us" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"school" text,
	"email" text NOT NULL,
	"phone" text,
	"inquiry_purpose" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text
);
--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_tournament_idx" ON "orders" USING btree ("status","tournament_name","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_event_type_idx" ON "orders" USING btree ("status","event_type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_donations_created_at_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST) WHERE status = 'completed' and item_name ilike '%donation%';--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");
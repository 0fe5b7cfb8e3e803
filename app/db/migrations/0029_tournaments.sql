CREATE TABLE "tournament_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"date" text NOT NULL,
	"opens_on" text,
	"closes_on" text,
	"events" jsonb,
	"caps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "tournament_settings_opens_on_check" CHECK (opens_on is null or opens_on ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "tournament_settings_closes_on_check" CHECK (closes_on is null or closes_on ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tournament_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_tournament_key_idx" ON "orders" USING btree ("tournament_key","event_type") WHERE tournament_key is not null;
CREATE TABLE "entry_change_digests" (
	"day" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"tournament_key" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_label" text NOT NULL,
	"kind" text NOT NULL,
	"change" jsonb NOT NULL,
	"summary" text NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "entry_changes_actor_kind_check" CHECK (actor_kind in ('family', 'staff')),
	CONSTRAINT "entry_changes_status_check" CHECK (status in ('applied', 'pending', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "entry_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_links_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "entry_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "tournament_settings" ADD COLUMN "family_changes" text DEFAULT 'at-once' NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_changes" ADD CONSTRAINT "entry_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_links" ADD CONSTRAINT "entry_links_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_changes_order_idx" ON "entry_changes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "entry_changes_pending_idx" ON "entry_changes" USING btree ("tournament_key","created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "entry_changes_created_at_idx" ON "entry_changes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "tournament_settings" ADD CONSTRAINT "tournament_settings_family_changes_check" CHECK (family_changes in ('at-once', 'approval'));
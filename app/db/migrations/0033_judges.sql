CREATE TABLE "judges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_key" text,
	"tournament_title" text,
	"tournament_date" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"school" text NOT NULL,
	"school_code" text,
	"categories" jsonb NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"assigned_by" text,
	CONSTRAINT "judges_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "judges_status_check" CHECK (status in ('pending', 'confirmed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "tournament_judge_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"entries_per_judge" jsonb NOT NULL,
	"judges_per_fee" integer NOT NULL,
	"rounds_obligated" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "tournament_judge_settings_numbers_check" CHECK (judges_per_fee >= 0 and (rounds_obligated is null or rounds_obligated >= 0))
);
--> statement-breakpoint
CREATE INDEX "judges_tournament_idx" ON "judges" USING btree ("tournament_key","status");
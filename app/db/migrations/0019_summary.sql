CREATE TABLE "giving_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"year" integer NOT NULL,
	"source" text NOT NULL,
	"gift_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"email_id" uuid,
	"actor_email" text,
	"corrected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_summaries_source_check" CHECK (source in ('job', 'request', 'staff'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "giving_summaries_job_key" ON "giving_summaries" USING btree ("email","year") WHERE source = 'job';--> statement-breakpoint
CREATE INDEX "giving_summaries_email_year_idx" ON "giving_summaries" USING btree ("email","year","created_at");--> statement-breakpoint
CREATE INDEX "giving_summaries_created_at_idx" ON "giving_summaries" USING btree ("created_at" DESC NULLS LAST);
CREATE TABLE "contact_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_us_created_at_idx" ON "contact_us" USING btree ("created_at");
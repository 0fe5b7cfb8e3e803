CREATE TABLE "events_sheet_cache" (
	"source" text PRIMARY KEY NOT NULL,
	"events" jsonb NOT NULL,
	"legend" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

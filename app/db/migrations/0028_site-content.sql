CREATE TABLE "site_content_drafts" (
	"section" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"updated_by_id" text,
	"updated_by_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content_versions" (
	"section" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_by_id" text,
	"published_by_email" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "site_content_versions_section_version_pk" PRIMARY KEY("section","version")
);

DROP TABLE "auth_rate_limits" CASCADE;--> statement-breakpoint
DROP TABLE "contact_rate_limit" CASCADE;
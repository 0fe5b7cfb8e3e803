-- Decision 0037: only a SHA-256 hash of each receipt and manage link token is kept (app/core/link-tokens.server.ts).
-- The links already sent keep working: their tokens are hashed here, in place.
ALTER TABLE "monthly_gifts" RENAME COLUMN "manage_token" TO "manage_token_hash";--> statement-breakpoint
ALTER TABLE "monthly_gifts" RENAME CONSTRAINT "monthly_gifts_manage_token_unique" TO "monthly_gifts_manage_token_hash_unique";--> statement-breakpoint
UPDATE "monthly_gifts" SET "manage_token_hash" = encode(sha256(convert_to("manage_token_hash", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "checkouts" RENAME COLUMN "public_token" TO "public_token_hash";--> statement-breakpoint
ALTER TABLE "checkouts" RENAME CONSTRAINT "checkouts_public_token_unique" TO "checkouts_public_token_hash_unique";--> statement-breakpoint
UPDATE "checkouts" SET "public_token_hash" = encode(sha256(convert_to("public_token_hash", 'UTF8')), 'hex');--> statement-breakpoint
-- A monthly gift's first checkout carried its manage token in clear in its details.
UPDATE "checkouts" SET "details" = "details" #- '{donation,monthly,manageToken}' WHERE "details" #> '{donation,monthly,manageToken}' IS NOT NULL;

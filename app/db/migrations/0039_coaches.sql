CREATE TABLE "coach_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"schools" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"user_id" text,
	CONSTRAINT "coach_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "coach_invitations_status_check" CHECK (status in ('pending', 'accepted', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "coach_schools" (
	"user_id" text NOT NULL,
	"school_code" text NOT NULL,
	"school_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_schools_user_id_school_code_pk" PRIMARY KEY("user_id","school_code")
);
--> statement-breakpoint
ALTER TABLE "coach_invitations" ADD CONSTRAINT "coach_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_schools" ADD CONSTRAINT "coach_schools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_invitations_email_idx" ON "coach_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "coach_schools_code_idx" ON "coach_schools" USING btree ("school_code");--> statement-breakpoint
-- hand-written:
-- A coach's pages read a school's entries by their current code (decision 0054): an expression index drizzle-kit does not draw.
CREATE INDEX IF NOT EXISTS "orders_school_code_idx" ON "orders" USING btree ((registration->>'schoolCode'), "tournament_key") WHERE tournament_key is not null;

CREATE TABLE "order_tallies" (
	"status" text NOT NULL,
	"donation" boolean NOT NULL,
	"tournament_name" text,
	"tournament_date" text,
	"event_type" text,
	"has_student" boolean NOT NULL,
	"month" text NOT NULL,
	"order_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "order_tallies_group_key" UNIQUE NULLS NOT DISTINCT("status","donation","tournament_name","tournament_date","event_type","has_student","month")
);

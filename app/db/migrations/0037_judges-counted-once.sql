ALTER TABLE "judges" ADD COLUMN "file_category" text;--> statement-breakpoint
ALTER TABLE "judges" ADD COLUMN "other_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "judges" ADD COLUMN "vouched_by" text;--> statement-breakpoint
ALTER TABLE "judges" ADD COLUMN "vouched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_file_category_check" CHECK (file_category in ('debate', 'speech', 'congress'));--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_vouched_by_check" CHECK (vouched_by is null or vouched_by in ('family', 'staff', 'coach'));--> statement-breakpoint
-- hand-written: each judge's file is the first category they chose (decision 0049).
UPDATE "judges" SET "file_category" = coalesce("categories"->>0, 'speech');--> statement-breakpoint
ALTER TABLE "judges" ALTER COLUMN "file_category" SET NOT NULL;--> statement-breakpoint
-- hand-written: one judge per person per tournament. Of the rows naming one email (any case) for one tournament,
-- the confirmed (else the earliest) is kept; the others' names are kept in its other_names, and they are removed.
WITH ranked AS (
  SELECT "id", "first_name" || ' ' || "last_name" AS "name",
         first_value("id") OVER w AS "keep",
         row_number() OVER w AS "n"
    FROM "judges"
  WINDOW w AS (PARTITION BY coalesce("tournament_key", ''), lower("email")
               ORDER BY ("status" = 'confirmed') DESC, ("status" = 'withdrawn'), "created_at", "id")
), extra AS (
  SELECT "keep", jsonb_agg(DISTINCT "name") AS "names" FROM ranked WHERE "n" > 1 GROUP BY "keep"
)
UPDATE "judges" j SET "other_names" = extra."names" FROM extra WHERE j."id" = extra."keep";--> statement-breakpoint
DELETE FROM "judges" j USING (
  SELECT "id", row_number() OVER (PARTITION BY coalesce("tournament_key", ''), lower("email")
                                  ORDER BY ("status" = 'confirmed') DESC, ("status" = 'withdrawn'), "created_at", "id") AS "n"
    FROM "judges"
) ranked WHERE j."id" = ranked."id" AND ranked."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "judges_person_idx" ON "judges" USING btree (coalesce("tournament_key", ''),lower("email"));
